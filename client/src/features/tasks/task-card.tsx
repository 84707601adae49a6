import { AlertTriangle, CalendarDays, Building2, ListFilter, Repeat, Trash2, UserRound } from "lucide-react";
import { useRef, type MouseEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { taskEndpoints, taskStatuses, type Task, type TaskStatus } from "@contract/tasks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { LeadLink } from "@/features/leads";
import { apiErrorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import type { LeadChoice } from "./lead-picker";
import { formatDueDate, taskRecurrenceLabel, taskStatusLabel, todayUtc } from "./task-labels";
import { TaskPriorityBadge } from "./task-priority-badge";
import { useUpdateTask } from "./task-queries";
import { WhenAllowed } from "@/components/when-allowed";
import { useMayCall } from "@/lib/authorization";

type TaskCardProps = {
  task: Task;
  /** Opens the task to see all of it and edit it (read-only for a role that may not); `opener` takes the focus back. */
  onOpen: (task: Task, opener: HTMLElement | null) => void;
  onDelete: (task: Task) => void;
  /** Narrows the list to this lead's tasks. */
  onShowLead: (lead: LeadChoice) => void;
};

/** Controls inside the card that do their own thing when clicked (the card's own click opens the task). */
const CARD_CONTROLS = "button, a, input, select, textarea, label, [role='combobox'], [role='option'], [role='listbox']";

/**
 * One task: title, priority, delete, description, status, due date; an overdue one carries a red edge and says so.
 * Its title is the button that opens it; a click anywhere on the card that is not on another control does the same.
 */
export function TaskCard({ task, onOpen, onDelete, onShowLead }: TaskCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const updateTask = useUpdateTask();
  const mayUpdate = useMayCall(taskEndpoints.update) === true;
  const openButton = useRef<HTMLButtonElement>(null);
  const completed = task.status === "completed";
  const dueToday = !completed && task.dueDate === todayUtc();

  const changeStatus = (status: TaskStatus) => {
    if (status === task.status) return;
    updateTask.mutate(
      { id: task.id, changes: { status } },
      {
        onSuccess: () => toast({ title: t("common.success"), description: t("tasks.update.success") }),
        onError: (error) =>
          toast({ variant: "destructive", title: t("tasks.update.failed"), description: apiErrorMessage(error, t("common.networkError")) }),
      },
    );
  };

  const openFromCard = (event: MouseEvent<HTMLLIElement>) => {
    const target = event.target;
    // Clicks bubble here from the status menu's portal too: only a click on the card itself, not on a control in it,
    // and not the end of selecting its text, opens the task.
    if (!(target instanceof Element) || !event.currentTarget.contains(target) || target.closest(CARD_CONTROLS)) return;
    if (window.getSelection()?.toString()) return;
    onOpen(task, openButton.current);
  };

  const statusId = `task-${task.id}-status`;
  const leadName = task.leadName ?? t("tasks.forLead.unknown", { id: task.leadId });

  return (
    <li
      className={cn(
        "flex cursor-pointer flex-col gap-2 rounded-lg border bg-card p-3 shadow-xs transition-colors hover:border-ring/60",
        task.overdue && "border-l-4 border-l-destructive bg-destructive/4",
      )}
      data-testid="task-card"
      data-task-id={task.id}
      data-overdue={task.overdue}
      onClick={openFromCard}
    >
      <div className="flex items-start gap-2">
        <h3 className={cn("min-w-0 flex-1 break-words font-medium leading-snug", completed && "text-muted-foreground line-through")} data-testid="task-title">
          <button
            type="button"
            className="w-full rounded-sm text-left underline-offset-2 hover:underline"
            aria-label={t("tasks.card.open", { title: task.title })}
            aria-haspopup="dialog"
            ref={openButton}
            onClick={() => onOpen(task, openButton.current)}
            data-testid="task-open"
          >
            {task.title}
          </button>
        </h3>
        <TaskPriorityBadge priority={task.priority} />
        <WhenAllowed endpoint={taskEndpoints.remove}>
          <Button
            variant="ghost"
            size="icon-sm"
            className="-mr-1 -mt-1 text-destructive-strong hover:text-destructive-strong"
            aria-label={t("tasks.card.delete", { title: task.title })}
            title={t("tasks.card.deleteShort")}
            onClick={() => onDelete(task)}
            data-testid="task-delete"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </WhenAllowed>
      </div>

      {task.description ? <p className="line-clamp-4 whitespace-pre-wrap break-words text-muted-foreground">{task.description}</p> : null}

      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <li className={cn("inline-flex items-center gap-1", task.overdue && "font-semibold text-destructive-strong")} data-testid="task-due">
          {task.overdue ? <AlertTriangle aria-hidden="true" className="size-3.5" /> : <CalendarDays aria-hidden="true" className="size-3.5" />}
          {task.dueDate ? (
            <>
              {task.overdue ? <span>{t("tasks.card.overdue")} ·</span> : dueToday ? <span className="font-medium text-foreground">{t("tasks.card.dueToday")} ·</span> : null}
              <time dateTime={task.dueDate}>{t("tasks.card.due", { date: formatDueDate(task.dueDate, language) })}</time>
            </>
          ) : (
            t("tasks.card.noDueDate")
          )}
        </li>
        {task.recurring && task.recurrence ? (
          <li className="inline-flex items-center gap-1" data-testid="task-recurrence">
            <Repeat aria-hidden="true" className="size-3.5" />
            {t("tasks.card.repeats", { period: taskRecurrenceLabel(t, task.recurrence) })}
          </li>
        ) : null}
        {task.leadId !== null ? (
          <li className="inline-flex min-w-0 items-center gap-1">
            <Building2 aria-hidden="true" className="size-3.5 shrink-0" />
            {/* The lead's name opens its page; the filter beside it narrows this list to the lead's tasks. */}
            <span className="truncate" data-testid="task-lead">
              <Trans
                i18nKey="tasks.card.lead"
                components={{ link: <LeadLink id={task.leadId} name={leadName} className="hover:text-foreground" data-testid="task-lead-link" /> }}
              />
            </span>
            <Button
              variant="ghost"
              size="icon-sm"
              className="size-6 shrink-0"
              aria-label={t("tasks.card.leadTasks", { name: leadName })}
              title={t("tasks.card.leadTasks", { name: leadName })}
              onClick={() => task.leadId !== null && onShowLead({ id: task.leadId, name: leadName })}
              data-testid="task-lead-tasks"
            >
              <ListFilter aria-hidden="true" />
            </Button>
          </li>
        ) : null}
        <li className="inline-flex items-center gap-1" data-testid="task-assignee">
          <UserRound aria-hidden="true" className="size-3.5" />
          {task.assignee ? t("tasks.card.assignee", { name: task.assignee.name }) : t("tasks.card.noAssignee")}
        </li>
        {task.issueId !== null ? (
          <li>
            <Badge variant="outline">{t("tasks.card.issue", { id: task.issueId })}</Badge>
          </li>
        ) : null}
      </ul>

      <div className="flex items-center gap-2">
        <label htmlFor={statusId} className="sr-only">
          {t("tasks.card.statusLabel", { title: task.title })}
        </label>
        <Select value={task.status} onValueChange={(value) => {
            const status = taskStatuses.find((s) => s === value);
            if (status) changeStatus(status);
          }} disabled={updateTask.isPending || !mayUpdate}>
          <SelectTrigger id={statusId} className="h-8 w-40" data-testid="task-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {taskStatuses.map((status) => (
              <SelectItem key={status} value={status}>
                {taskStatusLabel(t, status)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </li>
  );
}
