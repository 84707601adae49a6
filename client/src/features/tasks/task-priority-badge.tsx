import { useTranslation } from "react-i18next";
import type { TaskPriority } from "@contract/tasks";
import { Badge } from "@/components/ui/badge";
import { PRIORITY_VARIANTS, taskPriorityLabel } from "./task-labels";

/** Low green, medium yellow, high red (spec §4); the word says it too, for anyone who cannot tell the colours apart. */
export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation();
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]} data-testid="task-priority" data-priority={priority}>
      {t("tasks.priorityBadge", { priority: taskPriorityLabel(t, priority) })}
    </Badge>
  );
}
