import { AreaPlaceholder } from "@/app/area-placeholder";

export default function DashboardPage() {
  return <AreaPlaceholder />;
}
