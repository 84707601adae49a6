import { AreaPlaceholder } from "@/app/area-placeholder";

export default function AutomationPage() {
  return <AreaPlaceholder />;
}
