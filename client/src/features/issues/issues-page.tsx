import { AreaPlaceholder } from "@/app/area-placeholder";

export default function IssuesPage() {
  return <AreaPlaceholder />;
}
