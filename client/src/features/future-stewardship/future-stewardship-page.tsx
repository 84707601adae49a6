import { AreaPlaceholder } from "@/app/area-placeholder";

export default function FutureStewardshipPage() {
  return <AreaPlaceholder />;
}
