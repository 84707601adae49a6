import { z } from "zod";
import { idParamsSchema, isoDate, isoDateTime, MAX_ROW_ID, okSchema, rowIdSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "./list-reply";

export const taskPriorities = ["low", "medium", "high"] as const;
export const taskPrioritySchema = z.enum(taskPriorities);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

/** Any status can be set at any time; `completed` ends a task and, when it recurs, creates its next occurrence. */
export const taskStatuses = ["open", "in_progress", "completed"] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** How often a recurring task comes back: its next occurrence is due one period after this one's due date. */
export const taskRecurrences = ["daily", "weekly", "monthly"] as const;
export const taskRecurrenceSchema = z.enum(taskRecurrences);
export type TaskRecurrence = z.infer<typeof taskRecurrenceSchema>;

/** Due-date windows for the list filter, in UTC days: overdue = before today and not completed. */
export const taskDueFilters = ["overdue", "today", "upcoming", "none"] as const;
export const taskDueFilterSchema = z.enum(taskDueFilters);
export type TaskDueFilter = z.infer<typeof taskDueFilterSchema>;

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_PAGE_DEFAULT = 50;
export const TASK_PAGE_MAX = 200;

// Messages come from the zod error map (field.required, field.too_long...) unless a rule is the area's own.
const titleSchema = z.string().trim().min(1).max(TASK_TITLE_MAX);
/** Blank becomes null, so "no description" is stored one way. */
const descriptionSchema = z
  .string()
  .trim()
  .max(TASK_DESCRIPTION_MAX)
  .nullable()
  .transform((v) => v || null);
/**
 * A calendar day (YYYY-MM-DD); blank or null means no due date. Written as a union rather than a pipe so the API
 * document shows the day's pattern (a pipe documents only its input, a bare string).
 */
const dueDateSchema = z.union([isoDate("dueDate"), z.literal(""), z.null()]).transform((v) => v || null);

// No defaults on the field schemas: in a partial update a default would reset fields nobody sent.
const taskFields = {
  title: titleSchema,
  description: descriptionSchema,
  dueDate: dueDateSchema,
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  recurring: z.boolean(),
  recurrence: taskRecurrenceSchema.nullable(),
  leadId: rowIdSchema.nullable(),
  issueId: rowIdSchema.nullable(),
  assigneeId: rowIdSchema.nullable().describe("The staff member (user id) who does the task; on creation, the creator when unsent"),
};

/** A rule about recurring and recurrence together: either field may be the one to change, so both are named. */
const onBothRecurrenceFields = (ctx: z.RefinementCtx, message: string) => {
  for (const path of [["recurring"], ["recurrence"]]) ctx.addIssue({ code: "custom", path, message });
};

/** `recurring: false` with a recurrence is a contradiction, whichever way it is read. */
const recurrenceConsistent = (task: { recurring?: boolean; recurrence?: TaskRecurrence | null }, ctx: z.RefinementCtx) => {
  if (task.recurring === false && task.recurrence) onBothRecurrenceFields(ctx, errorMessage("task.recurrence_without_recurring"));
};

/**
 * A new task. Required: title. Defaults: priority medium, status open, not recurring, no due date, no links, assigned
 * to the creator. A recurrence makes the task recurring; `recurring: true` needs one.
 */
export const taskCreateSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema.optional(),
    dueDate: dueDateSchema.optional(),
    priority: taskPrioritySchema.default("medium"),
    status: taskStatusSchema.default("open"),
    recurring: taskFields.recurring.optional(),
    recurrence: taskFields.recurrence.optional(),
    leadId: taskFields.leadId.optional(),
    issueId: taskFields.issueId.optional(),
    assigneeId: taskFields.assigneeId.optional(),
  })
  .superRefine((task, ctx) => {
    recurrenceConsistent(task, ctx);
    if (task.recurring === true && !task.recurrence) onBothRecurrenceFields(ctx, errorMessage("task.recurrence_required"));
  });
export type TaskCreate = z.output<typeof taskCreateSchema>;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/**
 * A partial update: only the fields sent change (null clears an optional one). Setting status to completed on a
 * recurring task creates its next occurrence, once however many times or by however many people it is completed.
 * `recurring: false` clears the recurrence; `recurring: true` needs a recurrence unless the task already has one.
 */
export const taskUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    dueDate: dueDateSchema.optional(),
    priority: taskPrioritySchema.optional(),
    status: taskStatusSchema.optional(),
    recurring: taskFields.recurring.optional(),
    recurrence: taskFields.recurrence.optional(),
    leadId: taskFields.leadId.optional(),
    issueId: taskFields.issueId.optional(),
    // A task always has someone doing it: it can be handed over, not left unassigned.
    assigneeId: rowIdSchema.optional(),
  })
  .superRefine((patch, ctx) => {
    recurrenceConsistent(patch, ctx);
    if (Object.values(patch).every((v) => v === undefined)) {
      ctx.addIssue({ code: "custom", message: errorMessage("request.empty_update") });
    }
  });
export type TaskUpdate = z.output<typeof taskUpdateSchema>;
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;

export const taskAssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

/** A member of staff as the pickers list them: the active ones can be given work, the others only named and filtered. */
export const staffMemberSchema = taskAssigneeSchema.extend({
  active: z.boolean().describe("False for a deactivated account: listed to name and filter their work, never offered to be given more"),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable().describe("YYYY-MM-DD, or null for no due date"),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  recurring: z.boolean(),
  recurrence: taskRecurrenceSchema.nullable(),
  leadId: z.number().int().nullable(),
  leadName: z.string().nullable().describe("The linked lead's business name"),
  issueId: z.number().int().nullable().describe("Cleared when the issue is deleted"),
  assignee: taskAssigneeSchema.nullable().describe("Null when nobody does it: the assignee's account was deleted"),
  overdue: z.boolean().describe("Due before today (UTC) and not completed"),
  recurredFromId: z.number().int().nullable().describe("The occurrence whose completion created this one"),
  completedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Task = z.infer<typeof taskSchema>;

/** A number in the query string (typed loosely for callers, like every coerced field): blank means "no filter". */
const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const taskListQuerySchema = z.object({
  leadId: blankIsAbsent(z.coerce.number().int().positive().max(MAX_ROW_ID, errorMessage("field.invalid_id"))),
  status: taskStatusSchema.optional(),
  assignee: blankIsAbsent(
    z.union([z.literal("me"), z.coerce.number().int().positive().max(MAX_ROW_ID, errorMessage("field.invalid_id"))]),
  ).describe("A staff member's user id, or 'me'"),
  due: taskDueFilterSchema.optional().describe(
    "overdue: due before today and not completed; today: due today; upcoming: due after today; none: no due date (days in UTC)",
  ),
  limit: z.coerce.number().int().min(1).max(TASK_PAGE_MAX).default(TASK_PAGE_DEFAULT),
  cursor: z.string().max(200).optional().describe(`${NEXT_CURSOR_HEADER} of the previous page`),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;
export type TaskListQueryInput = z.input<typeof taskListQuerySchema>;

// Endpoints

const tags = ["Tasks"];

export const taskEndpoints = defineEndpoints("tasks", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/tasks",
    query: taskListQuerySchema,
    reply: z.array(taskSchema),
    paged: true,
    errors: [400],
    tags,
    summary: "A page of tasks: unfinished ones first, then completed; each part soonest due first (no due date last)",
    description: `Filters combine. ${TOTAL_COUNT_HEADER} holds the number matching; ${NEXT_CURSOR_HEADER} the cursor of the next page, when one follows.`,
  }),
  assignees: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/tasks/assignees",
    reply: z.array(staffMemberSchema),
    tags,
    summary: "The staff, by name: the active ones can be given tasks and leads",
  }),
  get: defineEndpoint({ method: "GET", permission: "crm.read", path: "/tasks/:id", params: idParamsSchema, reply: taskSchema, errors: [404], tags, summary: "One task" }),
  create: defineEndpoint({
    method: "POST",
    permission: "tasks.write",
    path: "/tasks",
    body: taskCreateSchema,
    reply: taskSchema,
    status: 201,
    errors: [400],
    tags,
    summary: "Create a task",
    description: "An unknown leadId, issueId or assigneeId answers 400 naming the field. Assigning someone else notifies them.",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "tasks.write",
    path: "/tasks/:id",
    params: idParamsSchema,
    body: taskUpdateSchema,
    reply: taskSchema,
    errors: [400, 404],
    tags,
    summary: "Change a task: only the fields sent change",
    description:
      "Completing a recurring task creates its next occurrence (due one period later) exactly once. Handing it to someone else notifies them.",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "tasks.write",
    path: "/tasks/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404],
    tags,
    summary: "Delete a task",
  }),
});
