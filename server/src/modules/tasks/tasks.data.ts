import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { NotificationCode } from "@contract/server-messages";
import type { StaffMember, Task, TaskDueFilter, TaskPriority, TaskRecurrence, TaskStatus } from "@contract/tasks";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { leads, notifications, taskReminders, tasks, users } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

/** Today in UTC, as the database sees it: due dates, "overdue" and reminders all count days this way. */
const todaySql = sql`(now() AT TIME ZONE 'UTC')::date`;
/**
 * The list's order (tasks_list_order_idx): the work still to do before the completed tasks, each part soonest due
 * first with no due date last, then oldest first. A staff member opening Task Management sees what is next, not
 * last week's finished tasks between today's.
 */
const doneOrder = sql`(${tasks.status} = 'completed')`;
const dueOrder = sql`coalesce(${tasks.dueDate}, 'infinity'::date)`;

/**
 * A task is seen by a request when it is tied to no lead, or to a lead within the request's lead scope (issue 26.5):
 * a task of a lead the reader may not see is not found and not listed, as the lead itself.
 */
const taskLeadInScope = () =>
  sql`(${tasks.leadId} IS NULL OR EXISTS (SELECT 1 FROM leads l WHERE l.id = ${tasks.leadId} AND ${leadInScope(sql`l.assignee_id`)}))`;

const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  dueDate: tasks.dueDate,
  priority: tasks.priority,
  status: tasks.status,
  recurrence: tasks.recurrence,
  leadId: tasks.leadId,
  leadName: leads.businessName,
  issueId: tasks.issueId,
  assigneeId: users.id,
  assigneeName: users.name,
  assigneeEmail: users.email,
  overdue: sql<boolean>`coalesce(${tasks.dueDate} < ${todaySql} AND ${tasks.status} <> 'completed', false)`,
  recurredFromId: tasks.recurredFromId,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  done: sql<boolean>`${doneOrder}`,
  sortKey: sql<string>`${dueOrder}::text`,
};

const selectTasks = (db: Database) =>
  db.select(taskColumns).from(tasks).leftJoin(leads, eq(leads.id, tasks.leadId)).leftJoin(users, eq(users.id, tasks.assigneeId));

type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate,
    priority: row.priority as TaskPriority,
    status: row.status as TaskStatus,
    recurring: row.recurrence !== null,
    recurrence: row.recurrence as TaskRecurrence | null,
    leadId: row.leadId,
    leadName: row.leadName,
    issueId: row.issueId,
    assignee: row.assigneeId !== null && row.assigneeName !== null && row.assigneeEmail !== null ? { id: row.assigneeId, name: row.assigneeName, email: row.assigneeEmail } : null,
    overdue: row.overdue,
    recurredFromId: row.recurredFromId,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}


export interface TaskFilter {
  leadId?: number;
  status?: TaskStatus;
  assigneeId?: number;
  due?: TaskDueFilter;
}

function filterConditions(filter: TaskFilter): SQL[] {
  const conditions: SQL[] = [taskLeadInScope()];
  if (filter.leadId !== undefined) conditions.push(eq(tasks.leadId, filter.leadId));
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  if (filter.assigneeId !== undefined) conditions.push(eq(tasks.assigneeId, filter.assigneeId));
  if (filter.due === "overdue") conditions.push(sql`${tasks.dueDate} < ${todaySql} AND ${tasks.status} <> 'completed'`);
  if (filter.due === "today") conditions.push(sql`${tasks.dueDate} = ${todaySql}`);
  if (filter.due === "upcoming") conditions.push(sql`${tasks.dueDate} > ${todaySql}`);
  if (filter.due === "none") conditions.push(sql`${tasks.dueDate} IS NULL`);
  return conditions;
}

/** Where the previous page ended: whether its last row was completed, its due-order value (a date, or 'infinity') and its id. */
export interface TaskPosition {
  done: boolean;
  due: string;
  id: number;
}

export interface TaskPageRows {
  tasks: Task[];
  total: number;
  /** The last row's position when another page follows. */
  next: TaskPosition | null;
}

export async function selectTaskPage(db: Database, filter: TaskFilter, limit: number, after: TaskPosition | null): Promise<TaskPageRows> {
  const conditions = filterConditions(filter);
  const [counted] = await db.select({ total: count() }).from(tasks).where(and(...conditions));
  if (after) conditions.push(sql`(${doneOrder}, ${dueOrder}, ${tasks.id}) > (${after.done}, ${after.due}::date, ${after.id})`);
  // One row past the page says whether another follows.
  const rows = await selectTasks(db)
    .where(and(...conditions))
    .orderBy(asc(doneOrder), asc(dueOrder), asc(tasks.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    tasks: page.map(toTask),
    total: counted?.total ?? 0,
    next: rows.length > limit && last ? { done: last.done, due: last.sortKey, id: last.id } : null,
  };
}

export async function findTask(db: Database, id: number): Promise<Task | undefined> {
  const [row] = await selectTasks(db).where(and(eq(tasks.id, id), taskLeadInScope()));
  return row && toTask(row);
}

/** A task's stored fields, locked until the transaction ends, with today's date (UTC) as the database sees it. */
export interface LockedTask {
  id: number;
  title: string;
  description: string | null;
  dueDate: string | null;
  priority: string;
  status: string;
  recurrence: string | null;
  leadId: number | null;
  issueId: number | null;
  assigneeId: number | null;
  today: string;
}

/**
 * Reads a task and locks it for the rest of the transaction: two requests changing one task (two people completing
 * it at the same moment) take turns, and the second sees what the first did. A task of a lead outside the request's
 * lead scope is none.
 */
export async function lockTask(db: Database, id: number): Promise<LockedTask | undefined> {
  const [row] = await rawRows<LockedTask>(
    db,
    sql`SELECT id, title, description, due_date::text AS "dueDate", priority, status, recurrence, lead_id AS "leadId",
          issue_id AS "issueId", assignee_id AS "assigneeId", ${todaySql}::text AS today
        FROM tasks WHERE id = ${id} AND ${taskLeadInScope()} FOR UPDATE`,
  );
  return row;
}

export interface TaskValues {
  title: string;
  description: string | null;
  dueDate: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  recurrence: TaskRecurrence | null;
  leadId: number | null;
  issueId: number | null;
  assigneeId: number | null;
}

export async function insertTask(db: Database, values: TaskValues): Promise<number> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, completedAt: values.status === "completed" ? sql`now()` : null })
    .returning({ id: tasks.id });
  return row!.id;
}

export type TaskChanges = Partial<TaskValues> & { completed?: boolean };

export async function updateTaskRow(db: Database, id: number, changes: TaskChanges): Promise<void> {
  const { completed, ...values } = changes;
  await db
    .update(tasks)
    .set({ ...values, ...(completed === undefined ? {} : { completedAt: completed ? sql`now()` : null }), updatedAt: sql`now()` })
    .where(eq(tasks.id, id));
}

/**
 * Creates the occurrence that follows `fromId`, unless one already exists (tasks_recurred_from_idx): however many
 * completions race, one successor. Answers its id, or null when it existed already.
 */
export async function insertNextOccurrence(db: Database, fromId: number, values: TaskValues): Promise<number | null> {
  const rows = await db
    .insert(tasks)
    .values({ ...values, recurredFromId: fromId })
    .onConflictDoNothing({ target: tasks.recurredFromId })
    .returning({ id: tasks.id });
  return rows[0]?.id ?? null;
}

/**
 * Gives the occurrences that followed `fromId` (its successor, that one's successor, and so on) and are not completed
 * the recurrence `fromId` now has. Answers the ones changed.
 */
export async function setLaterRecurrence(
  db: Database,
  fromId: number,
  recurrence: TaskRecurrence | null,
): Promise<{ id: number; title: string; assigneeId: number | null }[]> {
  const rows = await rawRows<{ id: number; title: string; assigneeId: number | null }>(
    db,
    sql`WITH RECURSIVE later AS (
          SELECT id FROM tasks WHERE recurred_from_id = ${fromId}
          UNION ALL
          SELECT t.id FROM tasks t JOIN later ON t.recurred_from_id = later.id
        )
        UPDATE tasks SET recurrence = ${recurrence}::varchar, updated_at = now()
        WHERE id IN (SELECT id FROM later) AND status <> 'completed' AND recurrence IS DISTINCT FROM ${recurrence}::varchar
        RETURNING id, title, assignee_id AS "assigneeId"`,
  );
  return rows.sort((a, b) => a.id - b.id);
}

export async function deleteTaskRow(db: Database, id: number): Promise<{ title: string } | undefined> {
  const [row] = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), taskLeadInScope()))
    .returning({ title: tasks.title });
  return row;
}

export async function countActiveTasks(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(sql`${tasks.status} <> 'completed'`, taskLeadInScope()));
  return row?.n ?? 0;
}

export async function listAssignees(db: Database): Promise<StaffMember[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, active: sql<boolean>`${users.deactivatedAt} IS NULL` })
    .from(users)
    .orderBy(asc(users.name), asc(users.id));
}

/** Which foreign key a failed write broke, as the field that named the missing row. */
export function missingReference(error: unknown): "leadId" | "issueId" | "assigneeId" | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== "23503") continue;
    if (constraint === "tasks_lead_id_leads_id_fk") return "leadId";
    if (constraint === "tasks_issue_id_technical_issues_id_fk") return "issueId";
    if (constraint === "tasks_assignee_id_users_id_fk") return "assigneeId";
    return null;
  }
  return null;
}

/**
 * Tells each assignee about their tasks due today or overdue, at most once per task and UTC day: the reminder row
 * and the notification are written by one statement, and a task already reminded today (by this instance before a
 * restart, or by another instance at the same moment) conflicts on task_reminders' key and is skipped. Answers how
 * many reminders were sent.
 */
export async function sendDueReminders(db: Database): Promise<number> {
  const dueToday: NotificationCode = "task.due_today";
  const overdue: NotificationCode = "task.overdue";
  const sent = await rawRows<{ id: number }>(
    db,
    sql`WITH due AS (
          SELECT t.id, t.title, t.due_date, lower(u.email) AS email
          FROM ${tasks} t JOIN ${users} u ON u.id = t.assignee_id
          WHERE t.status <> 'completed' AND t.due_date <= ${todaySql}
        ), marked AS (
          INSERT INTO ${taskReminders} (task_id, day)
          SELECT id, ${todaySql} FROM due
          ON CONFLICT (task_id, day) DO NOTHING
          RETURNING task_id
        )
        INSERT INTO ${notifications} (user_email, type, code, params, message, link)
        SELECT due.email, 'task_reminder',
          CASE WHEN due.due_date = ${todaySql} THEN ${dueToday} ELSE ${overdue} END,
          CASE WHEN due.due_date = ${todaySql} THEN jsonb_build_object('title', due.title)
               ELSE jsonb_build_object('dueDate', to_char(due.due_date, 'YYYY-MM-DD'), 'title', due.title) END,
          -- The English of the two codes (notificationMessages), for API clients that do not translate.
          CASE WHEN due.due_date = ${todaySql} THEN 'Task due today: ' || due.title
               ELSE 'Task overdue since ' || to_char(due.due_date, 'YYYY-MM-DD') || ': ' || due.title END,
          '/tasks?id=' || due.id
        FROM due JOIN marked ON marked.task_id = due.id
        RETURNING id`,
  );
  return sent.length;
}

/** Reminder records older than a week: no reminder can conflict with them any more. */
export async function purgeOldReminders(db: Database): Promise<number> {
  const rows = await db
    .delete(taskReminders)
    .where(sql`${taskReminders.day} < ${todaySql} - 7`)
    .returning({ taskId: taskReminders.taskId });
  return rows.length;
}
