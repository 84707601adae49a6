import { useTranslation } from "react-i18next";
import type { Lead } from "@contract/leads";
import { Badge } from "@/components/ui/badge";
import { priorityLabel } from "./lead-labels";

type LeadPriority = Lead["priority"];

/** Low green, medium yellow, high red, as tasks show theirs; the word says it too. */
const VARIANT: Record<LeadPriority, "success" | "warning" | "destructive"> = { low: "success", medium: "warning", high: "destructive" };

export function LeadPriorityBadge({ priority }: { priority: LeadPriority }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[priority] ?? "secondary"} data-testid="lead-priority" data-priority={priority}>
      {priorityLabel(t, priority)}
    </Badge>
  );
}
