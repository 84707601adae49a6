import type { ListPage } from "../../kernel/http/endpoint-route";
import type { AuditMessage } from "@contract/server-messages";
import type { StaffMember, Task, TaskCreate, TaskListQuery, TaskRecurrence, TaskUpdate } from "@contract/tasks";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { errorText } from "@contract/error-codes";
import { badRequest, HttpError, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { eventActor, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { emitEvent, emitEvents } from "../../kernel/events";
import { nextDueDate } from "./recurrence";
import { decodeTaskCursor, encodeTaskCursor } from "./task-cursor";
import {
  deleteTaskRow,
  findTask,
  insertNextOccurrence,
  insertTask,
  listAssignees,
  lockTask,
  missingReference,
  selectTaskPage,
  setLaterRecurrence,
  updateTaskRow,
  type LockedTask,
  type TaskChanges,
  type TaskValues,
} from "./tasks.data";
import { isActiveStaff } from "../../db/queries/active-staff";
import { leadExistsInScope } from "../../db/queries/lead-record";
import { leadVisibleToStaff } from "../../db/queries/lead-visible-to";


const unknownReference = {
  leadId: "task.lead_unknown",
  issueId: "task.issue_unknown",
  assigneeId: "task.assignee_unknown",
} as const;

/**
 * A task is given only to an active member of staff: a deactivated account cannot sign in to do it (one that no
 * longer exists is refused by its foreign key, below). A task they already hold keeps them until someone changes it.
 */
async function refuseInactiveAssignee(db: Database, assigneeId: number | null): Promise<void> {
  if (assigneeId !== null && !(await isActiveStaff(db, assigneeId))) throw badRequest("assigneeId", "task.assignee_unknown");
}

/**
 * A task about a lead goes to someone who can open that lead: with agents limited to their own leads, an agent is not
 * given a task about another agent's lead (they would find neither the lead nor a way to it).
 */
async function refuseAssigneeWithoutLead(db: Database, leadId: number | null, assigneeId: number | null): Promise<void> {
  if (leadId === null || assigneeId === null) return;
  if (!(await leadVisibleToStaff(db, leadId, assigneeId))) throw badRequest("assigneeId", "task.assignee_cannot_see_lead");
}

/** A write that named a lead, issue or staff member that does not exist answers 400 naming that field. */
function refuseMissingReference(error: unknown): never {
  const field = missingReference(error);
  if (field) throw badRequest(field, unknownReference[field]);
  throw error;
}

/**
 * A task tied to a lead outside the request's lead scope answers as one tied to an unknown lead (400 naming leadId):
 * the lead is not found for this reader, and nothing is written.
 */
async function refuseHiddenLead(tx: Database, leadId: number | null): Promise<void> {
  if (leadId !== null && !(await leadExistsInScope(tx, leadId))) throw badRequest("leadId", unknownReference.leadId);
}

export interface TaskActor {
  principal: Principal;
  meta: RequestMeta;
}

export async function listTasks(db: Database, principal: Principal, query: TaskListQuery): Promise<ListPage<Task>> {
  const cursor = query.cursor ? decodeTaskCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest("cursor", "list.cursor_mismatch");
  const assigneeId = query.assignee === "me" ? principal.user.id : query.assignee;
  const page = await selectTaskPage(db, { leadId: query.leadId, status: query.status, assigneeId, due: query.due }, query.limit, cursor);
  return { rows: page.tasks, total: page.total, nextCursor: page.next && encodeTaskCursor(page.next) };
}

export async function getTask(db: Database, id: number): Promise<Task> {
  const task = await findTask(db, id);
  if (!task) throw notFound("task.not_found");
  return task;
}

export const taskAssignees = (db: Database): Promise<StaffMember[]> => listAssignees(db);


export async function createTask(db: Database, input: TaskCreate, { principal, meta }: TaskActor): Promise<Task> {
  const values: TaskValues = {
    title: input.title,
    description: input.description ?? null,
    dueDate: input.dueDate ?? null,
    priority: input.priority,
    status: input.status,
    recurrence: input.recurrence ?? null,
    leadId: input.leadId ?? null,
    issueId: input.issueId ?? null,
    assigneeId: input.assigneeId === undefined ? principal.user.id : input.assigneeId,
  };
  const id = await inTransaction(db, async (tx) => {
    await refuseHiddenLead(tx, values.leadId);
    await refuseInactiveAssignee(tx, values.assigneeId);
    await refuseAssigneeWithoutLead(tx, values.leadId, values.assigneeId);
    const created = await insertTask(tx, values);
    await emitEvent(tx, "task.created", {
      taskId: created,
      title: values.title,
      assigneeId: values.assigneeId,
      createdBy: eventActor(principal),
    });
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "task.create", message: { code: "task.created", params: { taskId: created, title: values.title } }, meta });
    return created;
  }).catch(refuseMissingReference);
  return getTask(db, id);
}

/**
 * The audit line of a task's change: the fields, the later occurrences that now repeat as it does, and the next
 * occurrence a completion created.
 */
function taskUpdateMessage(
  taskId: number,
  changed: readonly string[],
  later: readonly { id: number }[],
  recurrence: TaskRecurrence | null,
  next: number | null,
): AuditMessage {
  const fields = changed.join(", ");
  if (later.length === 0) return next ? { code: "task.updated_next", params: { taskId, fields, nextId: next } } : { code: "task.updated", params: { taskId, fields } };
  const occurrences = later.map((occurrence) => `#${occurrence.id}`).join(", ");
  if (recurrence === null) {
    return next
      ? { code: "task.updated_later_never_next", params: { taskId, fields, occurrences, nextId: next } }
      : { code: "task.updated_later_never", params: { taskId, fields, occurrences } };
  }
  return next
    ? { code: "task.updated_later_next", params: { taskId, fields, occurrences, recurrence, nextId: next } }
    : { code: "task.updated_later", params: { taskId, fields, occurrences, recurrence } };
}

/** The recurrence a task has after a change: a sent recurrence wins; `recurring: false` clears it; else it stays. */
function recurrenceAfter(current: LockedTask, patch: TaskUpdate): TaskRecurrence | null {
  if (patch.recurrence !== undefined) return patch.recurrence;
  if (patch.recurring === false) return null;
  return current.recurrence as TaskRecurrence | null;
}

/** The fields a change can touch, in the order an audit line names them. */
const TASK_FIELDS = ["title", "description", "dueDate", "priority", "status", "recurrence", "leadId", "issueId", "assigneeId"] as const;
type TaskField = (typeof TASK_FIELDS)[number];

function copyField<K extends TaskField>(target: Partial<TaskValues>, source: TaskValues, field: K): void {
  target[field] = source[field];
}

/**
 * Changes the fields sent, with the rules a new task is checked by (the same field schemas, and the recurrence rule
 * here, where the task's current recurrence is known). Only what differs is written: a change that changes nothing
 * writes nothing, so it neither touches updatedAt nor leaves an audit line or an event. What does change is written
 * with its audit line and its task.updated event in one transaction; handing the task to someone else adds
 * task.assigned (the notifications subscriber tells the new assignee, as for a new task), completing it task.completed.
 *
 * Repetition belongs to the series: changing how often an occurrence repeats (or stopping it) changes it from that
 * occurrence on, so its later occurrences not yet completed change with it; completed ones keep theirs. Every other
 * field is the occurrence's own (the next occurrence copies the one completed, so edits carry forward from there).
 */
export async function updateTask(db: Database, id: number, patch: TaskUpdate, { principal, meta }: TaskActor): Promise<Task> {
  await inTransaction(db, async (tx) => {
    // Locked until commit: of two people completing the task together, the second finds it completed already.
    const current = await lockTask(tx, id);
    if (!current) throw notFound("task.not_found");
    const recurrence = recurrenceAfter(current, patch);
    if (patch.recurring === true && !recurrence) {
      // The pair is at fault, not one field: recurring asks for a recurrence the task does not have.
      throw new HttpError(400, "task.recurrence_required", {
        fields: { recurring: { code: "task.recurrence_required" }, recurrence: { code: "task.recurrence_required" } },
        message: `recurrence: ${errorText("task.recurrence_required")}`,
      });
    }

    const before: TaskValues = {
      title: current.title,
      description: current.description,
      dueDate: current.dueDate,
      priority: current.priority as TaskValues["priority"],
      status: current.status as TaskValues["status"],
      recurrence: current.recurrence as TaskRecurrence | null,
      leadId: current.leadId,
      issueId: current.issueId,
      assigneeId: current.assigneeId,
    };
    const after: TaskValues = {
      title: patch.title ?? before.title,
      description: patch.description === undefined ? before.description : patch.description,
      dueDate: patch.dueDate === undefined ? before.dueDate : patch.dueDate,
      priority: patch.priority ?? before.priority,
      status: patch.status ?? before.status,
      recurrence,
      leadId: patch.leadId === undefined ? before.leadId : patch.leadId,
      issueId: patch.issueId === undefined ? before.issueId : patch.issueId,
      assigneeId: patch.assigneeId ?? before.assigneeId,
    };
    const changed = TASK_FIELDS.filter((field) => after[field] !== before[field]);
    if (changed.length === 0) return;
    if (changed.includes("leadId")) await refuseHiddenLead(tx, after.leadId);
    if (changed.includes("assigneeId")) await refuseInactiveAssignee(tx, after.assigneeId);
    if (changed.includes("assigneeId") || changed.includes("leadId")) await refuseAssigneeWithoutLead(tx, after.leadId, after.assigneeId);

    const changes: TaskChanges = {};
    for (const field of changed) copyField(changes, after, field);
    if (changed.includes("status")) changes.completed = after.status === "completed";
    await updateTaskRow(tx, id, changes);

    const later = changed.includes("recurrence") ? await setLaterRecurrence(tx, id, recurrence) : [];
    const completes = after.status === "completed" && before.status !== "completed";
    let next: number | null = null;
    if (completes && recurrence) {
      next = await insertNextOccurrence(tx, id, { ...after, status: "open", dueDate: nextDueDate(after.dueDate, recurrence, current.today) });
    }

    const updatedBy = eventActor(principal);
    await emitEvent(tx, "task.updated", { taskId: id, title: after.title, assigneeId: after.assigneeId, changedFields: [...changed], updatedBy });
    await emitEvents(
      tx,
      "task.updated",
      later.map((occurrence) => ({ taskId: occurrence.id, title: occurrence.title, assigneeId: occurrence.assigneeId, changedFields: ["recurrence"], updatedBy })),
    );
    if (completes) await emitEvent(tx, "task.completed", { taskId: id, title: after.title, assigneeId: after.assigneeId, nextOccurrenceId: next });
    // The notifications subscriber tells the new assignee (unless they took the task themselves).
    if (changed.includes("assigneeId") && after.assigneeId !== null) {
      await emitEvent(tx, "task.assigned", {
        taskId: id,
        title: after.title,
        assigneeId: after.assigneeId,
        previousAssigneeId: before.assigneeId,
        assignedBy: updatedBy,
      });
    }
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "task.update", message: taskUpdateMessage(id, changed, later, recurrence, next), meta });
  }).catch(refuseMissingReference);
  return getTask(db, id);
}

export async function deleteTask(db: Database, id: number, { principal, meta }: TaskActor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const removed = await deleteTaskRow(tx, id);
    if (!removed) throw notFound("task.not_found");
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "task.delete", message: { code: "task.deleted", params: { taskId: id, title: removed.title } }, meta });
  });
}
