import { useState } from "react";
import { AlertTriangle, CalendarDays } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Task } from "@contract/tasks";
import { RegionCard } from "@/components/region-card";
import { LoadingBlocks } from "@/components/query-states";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { formatDueDate, taskStatusLabel } from "./task-labels";
import { TaskEditDialog, type OpenedTask } from "./task-edit-dialog";
import { useTaskList } from "./task-queries";

/** How many of the lead's unfinished tasks its page lists; the rest are a link away. */
export const LEAD_PAGE_TASKS = 5;

/** Task Management's order among unfinished tasks (tasks.data.ts): soonest due first, no due date last, then by id. */
const byListOrder = (a: Task, b: Task) => (a.dueDate ?? "9999-12-31").localeCompare(b.dueDate ?? "9999-12-31") || a.id - b.id;

/**
 * The lead page's "Tasks": the lead's unfinished tasks (open or in progress), soonest due first (overdue ones say so), each opening the task
 * to see and edit it, and a link to every task of the lead on Task Management. The list reads again with every task
 * change, live ones included (task.* events refresh the task lists).
 */
export function LeadTasksCard({ leadId }: { leadId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const [opened, setOpened] = useState<OpenedTask | null>(null);
  // The first few open and in-progress tasks, each read in the list's order with its exact total; merged in that
  // order, their first few are the lead's first unfinished tasks, and the totals say how many more there are.
  const open = useTaskList({ leadId, status: "open", limit: LEAD_PAGE_TASKS });
  const inProgress = useTaskList({ leadId, status: "in_progress", limit: LEAD_PAGE_TASKS });
  const failure = open.error ?? inProgress.error;
  const pending = !failure && (open.isPending || inProgress.isPending);
  const shown = [...(open.data?.rows ?? []), ...(inProgress.data?.rows ?? [])].sort(byListOrder).slice(0, LEAD_PAGE_TASKS);
  const more = (open.data?.total ?? 0) + (inProgress.data?.total ?? 0) - shown.length;

  return (
    <RegionCard
      title={t("leadPage.tasks.title")}
      description={t("leadPage.tasks.description")}
      action={
        <Link href={`/tasks?leadId=${leadId}`} className="text-sm underline-offset-4 hover:underline" data-testid="lead-tasks-all">
          {t("leadPage.tasks.all")}
        </Link>
      }
      data-testid="lead-tasks"
    >
      {pending ? (
        <LoadingBlocks label={t("leadPage.tasks.loading")} blockClassName="h-9" />
      ) : failure ? (
        <RetryAlert
          message={t("leadPage.tasks.loadFailed", { message: apiErrorMessage(failure) })}
          onRetry={() => void Promise.all([open.refetch(), inProgress.refetch()])}
        />
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="lead-tasks-none">
          {t("leadPage.tasks.none")}
        </p>
      ) : (
        <ul className="grid gap-1" aria-label={t("leadPage.tasks.title")}>
          {shown.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm" data-testid="lead-task">
              <Button
                variant="link"
                className="h-auto min-w-0 justify-start p-0 text-left font-medium break-words whitespace-normal"
                onClick={(event) => setOpened({ task, opener: event.currentTarget })}
              >
                {task.title}
              </Button>
              <span className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground", task.overdue && "font-semibold text-destructive-strong")}>
                {task.overdue ? <AlertTriangle aria-hidden="true" className="size-3.5" /> : <CalendarDays aria-hidden="true" className="size-3.5" />}
                {task.dueDate
                  ? t(task.overdue ? "leadPage.tasks.overdue" : "leadPage.tasks.due", { date: formatDueDate(task.dueDate, language) })
                  : t("leadPage.tasks.noDue")}
                <span aria-hidden="true">·</span>
                {taskStatusLabel(t, task.status)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!pending && !failure && more > 0 ? <p className="mt-2 text-xs text-muted-foreground">{t("leadPage.tasks.more", { count: more })}</p> : null}
    <TaskEditDialog opened={opened} onOpenChange={(open) => !open && setOpened(null)} />
    </RegionCard>
  );
}
