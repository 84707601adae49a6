import { AreaPlaceholder } from "@/app/area-placeholder";

export default function LeadsPage() {
  return <AreaPlaceholder />;
}
