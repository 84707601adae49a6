import { AreaPlaceholder } from "@/app/area-placeholder";

export default function AnalyticsPage() {
  return <AreaPlaceholder />;
}
