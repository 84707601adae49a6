import { AreaPlaceholder } from "@/app/area-placeholder";

export default function PerpetualInnovationPage() {
  return <AreaPlaceholder />;
}
