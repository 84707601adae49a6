import { AreaPlaceholder } from "@/app/area-placeholder";

export default function CustomerSuccessPage() {
  return <AreaPlaceholder />;
}
