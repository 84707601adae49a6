import { AreaPlaceholder } from "@/app/area-placeholder";

export default function BusinessHealthPage() {
  return <AreaPlaceholder />;
}
