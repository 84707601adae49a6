// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The task area's failures, by stable code, with their English text. */
export const taskErrorMessages = {
  "task.not_found": "Task not found",
  "task.lead_unknown": "No lead has this id",
  "task.issue_unknown": "No technical issue has this id",
  "task.assignee_unknown": "No active member of staff has this id",
  "task.assignee_cannot_see_lead": "This person works only their own leads and the unassigned ones: this lead is someone else's",
  "task.recurrence_required": "Choose how often the task repeats: daily, weekly or monthly",
  "task.recurrence_without_recurring": "A task that does not recur has no recurrence",
} as const;
