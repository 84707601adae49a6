import { AreaPlaceholder } from "@/app/area-placeholder";

export default function AffiliatesPage() {
  return <AreaPlaceholder />;
}
