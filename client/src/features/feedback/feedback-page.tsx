import { AreaPlaceholder } from "@/app/area-placeholder";

export default function FeedbackPage() {
  return <AreaPlaceholder />;
}
