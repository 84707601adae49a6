import type { ListPage } from "../../kernel/http/endpoint-route";
import type { Task, TaskAssignee, TaskCreate, TaskListQuery, TaskRecurrence, TaskUpdate } from "@contract/tasks";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { errorText } from "@contract/error-codes";
import { badRequest, HttpError, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor";
import { emitEvent } from "../../kernel/events";
import { nextDueDate } from "./recurrence";
import {
  deleteTaskRow,
  findTask,
  insertNextOccurrence,
  insertTask,
  listAssignees,
  lockTask,
  missingReference,
  selectTaskPage,
  updateTaskRow,
  type LockedTask,
  type TaskChanges,
  type TaskValues,
} from "./tasks.data";

/** The cursor's sort name: the list has one order, this tells a task cursor from any other list's. */
const CURSOR_SORT = "tasks.due";

const unknownReference = {
  leadId: "task.lead_unknown",
  issueId: "task.issue_unknown",
  assigneeId: "task.assignee_unknown",
} as const;

/** A write that named a lead, issue or staff member that does not exist answers 400 naming that field. */
function refuseMissingReference(error: unknown): never {
  const field = missingReference(error);
  if (field) throw badRequest(field, unknownReference[field]);
  throw error;
}

export interface TaskActor {
  principal: Principal;
  meta: RequestMeta;
}

export async function listTasks(db: Database, principal: Principal, query: TaskListQuery): Promise<ListPage<Task>> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && cursor?.sort !== CURSOR_SORT) throw badRequest("cursor", "list.cursor_mismatch");
  const assigneeId = query.assignee === "me" ? principal.user.id : query.assignee;
  const page = await selectTaskPage(db, { leadId: query.leadId, status: query.status, assigneeId, due: query.due }, query.limit, cursor);
  return { rows: page.tasks, total: page.total, nextCursor: page.next && encodeCursor({ sort: CURSOR_SORT, ...page.next }) };
}

export async function getTask(db: Database, id: number): Promise<Task> {
  const task = await findTask(db, id);
  if (!task) throw notFound("task.not_found");
  return task;
}

export const taskAssignees = (db: Database): Promise<TaskAssignee[]> => listAssignees(db);

/** Who acted, as an event names them (an API key acts for its creator). */
const actingStaff = (principal: Principal) => ({ id: principal.user.id, name: principal.user.name, email: principal.user.email });

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
    const created = await insertTask(tx, values);
    await emitEvent(tx, "task.created", {
      taskId: created,
      title: values.title,
      assigneeId: values.assigneeId,
      createdBy: actingStaff(principal),
    });
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "task.create", details: `Task #${created} ${values.title}`, meta });
    return created;
  }).catch(refuseMissingReference);
  return getTask(db, id);
}

/** The recurrence a task has after a change: a sent recurrence wins; `recurring: false` clears it; else it stays. */
function recurrenceAfter(current: LockedTask, patch: TaskUpdate): TaskRecurrence | null {
  if (patch.recurrence !== undefined) return patch.recurrence;
  if (patch.recurring === false) return null;
  return current.recurrence as TaskRecurrence | null;
}

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

    const { recurring: _recurring, recurrence: _recurrence, ...fields } = patch;
    const changes: TaskChanges = { ...fields, recurrence };
    const completes = patch.status === "completed" && current.status !== "completed";
    if (patch.status !== undefined && patch.status !== current.status) changes.completed = patch.status === "completed";
    await updateTaskRow(tx, id, changes);

    const after: TaskValues = {
      title: patch.title ?? current.title,
      description: patch.description === undefined ? current.description : patch.description,
      dueDate: patch.dueDate === undefined ? current.dueDate : patch.dueDate,
      priority: patch.priority ?? (current.priority as TaskValues["priority"]),
      status: patch.status ?? (current.status as TaskValues["status"]),
      recurrence,
      leadId: patch.leadId === undefined ? current.leadId : patch.leadId,
      issueId: patch.issueId === undefined ? current.issueId : patch.issueId,
      assigneeId: patch.assigneeId ?? current.assigneeId,
    };
    let next: number | null = null;
    if (completes && recurrence) {
      next = await insertNextOccurrence(tx, id, { ...after, status: "open", dueDate: nextDueDate(after.dueDate, recurrence, current.today) });
    }
    if (completes) await emitEvent(tx, "task.completed", { taskId: id, title: after.title, assigneeId: after.assigneeId, nextOccurrenceId: next });
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "task.update",
      details: `Task #${id}: ${Object.keys(patch).join(", ")}${next ? `; next occurrence #${next}` : ""}`,
      meta,
    });
    // The notifications subscriber tells the new assignee (unless they took the task themselves).
    if (patch.assigneeId !== undefined && patch.assigneeId !== current.assigneeId) {
      await emitEvent(tx, "task.assigned", {
        taskId: id,
        title: after.title,
        assigneeId: patch.assigneeId,
        previousAssigneeId: current.assigneeId,
        assignedBy: actingStaff(principal),
      });
    }
  }).catch(refuseMissingReference);
  return getTask(db, id);
}

export async function deleteTask(db: Database, id: number, { principal, meta }: TaskActor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const removed = await deleteTaskRow(tx, id);
    if (!removed) throw notFound("task.not_found");
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "task.delete", details: `Task #${id} ${removed.title}`, meta });
  });
}
