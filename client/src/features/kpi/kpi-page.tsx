import { AreaPlaceholder } from "@/app/area-placeholder";

export default function KpiPage() {
  return <AreaPlaceholder />;
}
