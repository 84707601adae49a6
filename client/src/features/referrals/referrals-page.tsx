import { AreaPlaceholder } from "@/app/area-placeholder";

export default function ReferralsPage() {
  return <AreaPlaceholder />;
}
