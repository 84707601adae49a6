import { AreaPlaceholder } from "@/app/area-placeholder";

export default function FinalStewardshipPage() {
  return <AreaPlaceholder />;
}
