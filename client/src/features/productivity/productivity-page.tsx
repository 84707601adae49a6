import { AreaPlaceholder } from "@/app/area-placeholder";

export default function ProductivityPage() {
  return <AreaPlaceholder />;
}
