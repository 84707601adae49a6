import type { TaskRecurrence } from "@contract/tasks";

const DAY_MS = 86_400_000;

const parseDay = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { year, month: month - 1, date };
};
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The day `count` periods after `anchor` (YYYY-MM-DD, UTC). Months are counted from the anchor, not chained, and land
 * on the month's last day when it is shorter: Jan 31 gives Feb 28 (or 29), then Mar 31, never drifting to the 28th.
 */
export function addPeriods(anchor: string, recurrence: TaskRecurrence, count: number): string {
  const { year, month, date } = parseDay(anchor);
  if (recurrence === "daily") return formatDay(Date.UTC(year, month, date) + count * DAY_MS);
  if (recurrence === "weekly") return formatDay(Date.UTC(year, month, date) + count * 7 * DAY_MS);
  const target = new Date(Date.UTC(year, month + count, 1));
  const clamped = Math.min(date, daysInMonth(target.getUTCFullYear(), target.getUTCMonth()));
  return formatDay(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), clamped));
}

/**
 * When the occurrence after one due on `dueDate` is due: the first day of its series after today, so completing a
 * task late does not leave a backlog of occurrences already overdue. A task without a due date counts from today.
 */
export function nextDueDate(dueDate: string | null, recurrence: TaskRecurrence, today: string): string {
  const anchor = dueDate ?? today;
  const behindDays = Math.max(0, (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${anchor}T00:00:00Z`)) / DAY_MS);
  const periodDays = recurrence === "daily" ? 1 : recurrence === "weekly" ? 7 : 31;
  // Start just below the answer (a month is at most 31 days), then step forward.
  let count = Math.max(1, Math.floor(behindDays / periodDays));
  while (addPeriods(anchor, recurrence, count) <= today) count++;
  return addPeriods(anchor, recurrence, count);
}
