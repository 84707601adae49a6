import { AreaPlaceholder } from "@/app/area-placeholder";

export default function SettingsPage() {
  return <AreaPlaceholder />;
}
