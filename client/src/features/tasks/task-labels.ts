import type { TFunction } from "i18next";
import type { TaskPriority, TaskRecurrence, TaskStatus } from "@contract/tasks";

/** Spec §4: low green, medium yellow, high red. */
export const PRIORITY_VARIANTS = { low: "success", medium: "warning", high: "destructive" } as const satisfies Record<TaskPriority, string>;

export function taskStatusLabel(t: TFunction, status: TaskStatus): string {
  return t(`tasks.status.${status}`);
}

export function taskPriorityLabel(t: TFunction, priority: TaskPriority): string {
  return t(`tasks.priority.${priority}`);
}

export function taskRecurrenceLabel(t: TFunction, recurrence: TaskRecurrence): string {
  return t(`tasks.recurrence.${recurrence}`);
}

/**
 * A due day (YYYY-MM-DD) in the current language. Read as UTC midnight and shown in UTC, so the day never shifts
 * with the viewer's time zone (the server decides "overdue" in UTC days too).
 */
export function formatDueDate(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Today as the server counts days (UTC), YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
