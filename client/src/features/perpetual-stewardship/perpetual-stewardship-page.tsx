import { AreaPlaceholder } from "@/app/area-placeholder";

export default function PerpetualStewardshipPage() {
  return <AreaPlaceholder />;
}
