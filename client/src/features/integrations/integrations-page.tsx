import { AreaPlaceholder } from "@/app/area-placeholder";

export default function IntegrationsPage() {
  return <AreaPlaceholder />;
}
