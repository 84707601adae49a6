import { AreaPlaceholder } from "@/app/area-placeholder";

export default function EnterprisePage() {
  return <AreaPlaceholder />;
}
