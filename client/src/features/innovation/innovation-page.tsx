import { AreaPlaceholder } from "@/app/area-placeholder";

export default function InnovationPage() {
  return <AreaPlaceholder />;
}
