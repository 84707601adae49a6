import { AreaPlaceholder } from "@/app/area-placeholder";

export default function TasksPage() {
  return <AreaPlaceholder />;
}
