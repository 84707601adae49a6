import { and, asc, count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import type { Lead } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import type { StaffMember, Task, TaskAssignee } from "@contract/tasks";
import { auditLogs, eventOutbox } from "../../db/schema";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

/*
 * Editing a task after it was created (issue 23.2): every field through PUT /api/tasks/:id, checked by the rules a new
 * task is, with an audit line and a task.updated event per change, and the new assignee told as on creation.
 */

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const SAM = { name: "Sam Seller", email: "sam.seller@leadwell.test" };
const VERA = { name: "Vera Viewer", email: "vera.viewer@leadwell.test" };

function expectFieldError(res: { status: number; body: unknown }, field: string, code: string) {
  expect(res.status).toBe(400);
  const body = res.body as ApiError;
  expect(body.fields?.[field]).toEqual(expect.any(String));
  expect(body.fieldCodes?.[field]?.code).toBe(code);
}

describe.each(testDrivers)("editing tasks on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let sam: TestClient;
  let vera: TestClient;
  let adminId: number;
  let samId: number;
  let lead: Lead;
  let issueId: number;

  const create = async (body: Record<string, unknown>) => {
    const res = await suite.admin.post<Task>("/api/tasks", body);
    expect(res.status).toBe(201);
    return res.body;
  };
  const edit = (id: number, body: Record<string, unknown>, client = suite.admin) => client.put<Task>(`/api/tasks/${id}`, body);
  const read = async (id: number) => (await suite.admin.get<Task>(`/api/tasks/${id}`)).body;

  /** The task.update audit lines about one task, oldest first. */
  const auditsOf = async (id: number) =>
    (
      await suite.rt.ctx.db
        .select({ details: auditLogs.details, userEmail: auditLogs.userEmail })
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "task.update"), like(auditLogs.details, `Task #${id}:%`)))
        .orderBy(asc(auditLogs.id))
    ).map((row) => row.details);
  /** The events about one task, oldest first, as name and payload. */
  const eventsOf = async (id: number) =>
    (await suite.rt.ctx.db.select({ name: eventOutbox.name, payload: eventOutbox.payload }).from(eventOutbox).orderBy(asc(eventOutbox.id))).filter(
      (event) => (event.payload as { taskId?: number }).taskId === id,
    );
  const totals = async () => ({
    audits: (await suite.rt.ctx.db.select({ n: count() }).from(auditLogs).where(like(auditLogs.action, "task.%")))[0]!.n,
    // Task events only: the issue made for these tests gets its proposal (issue.proposal_ready) whenever its job runs.
    events: (await suite.rt.ctx.db.select({ n: count() }).from(eventOutbox).where(like(eventOutbox.name, "task.%")))[0]!.n,
  });
  /** Everything a refused edit must leave as it was: the task itself, the audit trail and the outbox. */
  const written = async (id: number) => ({ task: await read(id), ...(await totals()) });

  /** Task-assignment notices in a staff member's inbox, newest first. */
  const assignmentsFor = async (client: TestClient) => {
    const res = await client.get<Notification[]>("/api/notifications");
    if (!Array.isArray(res.body)) throw new Error(res.text);
    return res.body.filter((n) => n.type === "task" && n.message.includes("assigned you a task"));
  };
  /** Waits until every event in the outbox has been handed to its subscribers (notifications are written then). */
  const dispatched = () =>
    expect
      .poll(async () => (await suite.rt.ctx.db.select({ id: eventOutbox.id, at: eventOutbox.dispatchedAt }).from(eventOutbox)).filter((e) => e.at === null).length, {
        timeout: 15_000,
      })
      .toBe(0);

  beforeAll(async () => {
    sam = await signedInWithRole(suite.rt, "agent", SAM);
    vera = await signedInWithRole(suite.rt, "viewer", VERA);
    const people = (await suite.admin.get<TaskAssignee[]>("/api/tasks/assignees")).body;
    adminId = people.find((p) => p.email === ADMIN.email)!.id;
    samId = people.find((p) => p.email === SAM.email)!.id;
    lead = (
      await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Ines", businessOwnerLastName: "Ortega", businessName: "Ortega Florist", email: "ines@ortega.test" })
    ).body;
    const issue = await suite.admin.post<{ id: number }>("/api/issues", { email: "ines@ortega.test", description: "The booking page never loads" });
    expect(issue.status).toBe(201);
    issueId = issue.body.id;
  });

  it("edits each field on its own, with an audit line and a task.updated event naming it", async () => {
    const task = await create({ title: "Call Ines" });
    const steps: [Record<string, unknown>, Partial<Task>, string][] = [
      [{ title: "  Call Ines back  " }, { title: "Call Ines back" }, "title"],
      [{ description: "About the spring order" }, { description: "About the spring order" }, "description"],
      [{ dueDate: utcDay(4) }, { dueDate: utcDay(4) }, "dueDate"],
      [{ priority: "high" }, { priority: "high" }, "priority"],
      [{ status: "in_progress" }, { status: "in_progress" }, "status"],
      [{ recurrence: "weekly" }, { recurring: true, recurrence: "weekly" }, "recurrence"],
      [{ leadId: lead.id }, { leadId: lead.id, leadName: "Ortega Florist" }, "leadId"],
      [{ issueId }, { issueId }, "issueId"],
      [{ assigneeId: samId }, { assignee: { id: samId, name: SAM.name, email: SAM.email } }, "assigneeId"],
      // Clearing what may be empty.
      [{ description: "  " }, { description: null }, "description"],
      [{ dueDate: null }, { dueDate: null }, "dueDate"],
      [{ recurring: false }, { recurring: false, recurrence: null }, "recurrence"],
      [{ leadId: null }, { leadId: null, leadName: null }, "leadId"],
      [{ issueId: null }, { issueId: null }, "issueId"],
    ];
    let expected: Task = task;
    for (const [body, change, field] of steps) {
      const res = await edit(task.id, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expected = { ...expected, ...change, updatedAt: res.body.updatedAt };
      expect(res.body).toEqual(expected);
      expect(await read(task.id)).toEqual(expected);
      expect((await auditsOf(task.id)).at(-1)).toBe(`Task #${task.id}: ${field}`);
      const updated = (await eventsOf(task.id)).filter((e) => e.name === "task.updated").at(-1);
      expect(updated?.payload).toMatchObject({ taskId: task.id, changedFields: [field], updatedBy: { email: ADMIN.email } });
    }
    expect(await auditsOf(task.id)).toHaveLength(steps.length);

    // Several at once, as the edit dialog sends them: one audit line and one event name them all.
    const res = await edit(task.id, { title: "Visit Ines", dueDate: utcDay(2), priority: "low", assigneeId: adminId });
    expect(res.body).toMatchObject({ title: "Visit Ines", dueDate: utcDay(2), priority: "low", assignee: { id: adminId } });
    expect((await auditsOf(task.id)).at(-1)).toBe(`Task #${task.id}: title, dueDate, priority, assigneeId`);
  });

  it("sending what the task already holds changes nothing and writes nothing", async () => {
    const task = await create({ title: "Order flowers", priority: "high", dueDate: utcDay(3), assigneeId: samId });
    const before = await written(task.id);
    const res = await edit(task.id, { title: "Order flowers", priority: "high", dueDate: utcDay(3), assigneeId: samId, description: "" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.task);
    expect(await written(task.id)).toEqual(before);
  });

  it("refuses bad fields with the create form's rules, naming the field, and writes nothing", async () => {
    const task = await create({ title: "Check the invoice", description: "March" });
    const before = await written(task.id);
    expectFieldError(await edit(task.id, { title: "" }), "title", "field.required");
    expectFieldError(await edit(task.id, { title: "   " }), "title", "field.required");
    expectFieldError(await edit(task.id, { title: "x".repeat(201) }), "title", "field.too_long");
    expectFieldError(await edit(task.id, { title: null }), "title", "field.invalid_type");
    expectFieldError(await edit(task.id, { description: "x".repeat(5001) }), "description", "field.too_long");
    expectFieldError(await edit(task.id, { dueDate: "2026-02-30" }), "dueDate", "field.not_real_date");
    expectFieldError(await edit(task.id, { dueDate: "next week" }), "dueDate", "field.invalid_date");
    expectFieldError(await edit(task.id, { priority: "urgent" }), "priority", "field.invalid_option");
    expectFieldError(await edit(task.id, { status: "done" }), "status", "field.invalid_option");
    expectFieldError(await edit(task.id, { recurrence: "yearly" }), "recurrence", "field.invalid_option");
    expectFieldError(await edit(task.id, { recurring: true }), "recurrence", "task.recurrence_required");
    expectFieldError(await edit(task.id, { recurring: false, recurrence: "daily" }), "recurrence", "task.recurrence_without_recurring");
    expectFieldError(await edit(task.id, { leadId: 999_999 }), "leadId", "task.lead_unknown");
    expectFieldError(await edit(task.id, { leadId: "one" }), "leadId", "field.invalid_number");
    expectFieldError(await edit(task.id, { issueId: 999_999 }), "issueId", "task.issue_unknown");
    expectFieldError(await edit(task.id, { assigneeId: 999_999 }), "assigneeId", "task.assignee_unknown");
    // A task is always someone's: it can be handed over, not left unassigned.
    expectFieldError(await edit(task.id, { assigneeId: null }), "assigneeId", "field.invalid_number");
    // One bad field refuses the whole change: the good ones sent with it are not written either.
    expectFieldError(await edit(task.id, { title: "Renamed", assigneeId: 999_999 }), "assigneeId", "task.assignee_unknown");
    expectFieldError(await edit(task.id, { title: "Renamed", dueDate: "2026-13-01" }), "dueDate", "field.not_real_date");
    expect((await edit(task.id, {})).body).toMatchObject({ code: "request.empty_update" });
    expect(await written(task.id)).toEqual(before);
  });

  it("answers 404 for a task that does not exist, and writes nothing", async () => {
    const before = await totals();
    const missing = await edit(999_999, { title: "Ghost" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "task.not_found", error: "Task not found" });
    const deleted = await create({ title: "Gone soon" });
    expect((await suite.admin.delete(`/api/tasks/${deleted.id}`)).status).toBe(200);
    const afterDelete = await totals();
    expect((await edit(deleted.id, { title: "Back?" })).status).toBe(404);
    expect(await totals()).toEqual(afterDelete);
    expect(afterDelete.events).toBe(before.events + 1); // the task.created of "Gone soon", nothing from the 404s
  });

  it("writes the change, its audit line and its events together or not at all", async () => {
    const task = await create({ title: "Sign the lease" });
    const before = await written(task.id);
    // The event cannot be written (as on a full disk): the change and its audit line must not stay without it.
    await suite.rt.ctx.database.executeSql(`
      CREATE FUNCTION lw_test_refuse_task_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.payload ->> 'title' = 'Sign the lease today' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER lw_test_refuse_task_event BEFORE INSERT ON event_outbox FOR EACH ROW EXECUTE FUNCTION lw_test_refuse_task_event()`);
    try {
      expect((await edit(task.id, { title: "Sign the lease today", assigneeId: samId })).status).toBe(500);
    } finally {
      await suite.rt.ctx.database.executeSql("DROP TRIGGER lw_test_refuse_task_event ON event_outbox; DROP FUNCTION lw_test_refuse_task_event()");
    }
    expect(await written(task.id)).toEqual(before);
    // The same edit then goes through whole.
    expect((await edit(task.id, { title: "Sign the lease today", assigneeId: samId })).status).toBe(200);
    expect(await auditsOf(task.id)).toEqual([`Task #${task.id}: title, assigneeId`]);
    expect((await eventsOf(task.id)).map((e) => e.name)).toEqual(["task.created", "task.updated", "task.assigned"]);
  });

  it("refuses a viewer with 403 and writes nothing; an agent may edit", async () => {
    const task = await create({ title: "Prepare the quote", assigneeId: samId });
    const before = await written(task.id);
    const refused = await edit(task.id, { title: "Viewer was here", assigneeId: adminId }, vera);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "auth.permission_required" });
    expect(await written(task.id)).toEqual(before);
    // The viewer may still read it.
    expect((await vera.get<Task>(`/api/tasks/${task.id}`)).body).toEqual(before.task);

    const byAgent = await edit(task.id, { title: "Prepare the quote today" }, sam);
    expect(byAgent.status).toBe(200);
    expect((await auditsOf(task.id)).at(-1)).toBe(`Task #${task.id}: title`);
  });

  it("tells a newly assigned person once, as creation does, and nobody when the assignee stays", async () => {
    await dispatched();
    const samBefore = (await assignmentsFor(sam)).length;
    const adminBefore = (await assignmentsFor(suite.admin)).length;

    // Created for Sam: the notice creation writes, to compare with the one reassignment writes.
    const created = await create({ title: "Water the ferns", assigneeId: samId });
    const mine = await create({ title: "Repot the cactus" });
    // Edited without touching the assignee, and with the assignee sent as it is: no task.assigned, nobody told.
    await edit(mine.id, { title: "Repot the big cactus", assigneeId: adminId });
    await edit(created.id, { priority: "high", assigneeId: samId });
    // Handed to Sam: Sam is told once; the same assignee sent again tells nobody more.
    await edit(mine.id, { assigneeId: samId, dueDate: utcDay(6) });
    await edit(mine.id, { assigneeId: samId });
    await edit(mine.id, { title: "Repot both cacti", assigneeId: samId });
    await dispatched();

    const samInbox = await assignmentsFor(sam);
    expect(samInbox.slice(0, samInbox.length - samBefore).map((n) => [n.message, n.link])).toEqual([
      [`${ADMIN.name} assigned you a task: Repot the big cactus`, `/tasks?id=${mine.id}`],
      [`${ADMIN.name} assigned you a task: Water the ferns`, `/tasks?id=${created.id}`],
    ]);
    expect((await assignmentsFor(suite.admin)).length).toBe(adminBefore);
    expect((await eventsOf(mine.id)).filter((e) => e.name === "task.assigned").map((e) => e.payload)).toEqual([
      { taskId: mine.id, title: "Repot the big cactus", assigneeId: samId, previousAssigneeId: adminId, assignedBy: { id: adminId, name: ADMIN.name, email: ADMIN.email } },
    ]);
    expect((await eventsOf(created.id)).filter((e) => e.name === "task.assigned")).toEqual([]);

    // Sam taking a task for themselves is told nothing (as when creating one for oneself).
    await edit(created.id, { assigneeId: adminId });
    await edit(created.id, { assigneeId: samId }, sam);
    await dispatched();
    expect((await assignmentsFor(sam)).length).toBe(samInbox.length);
    expect((await assignmentsFor(suite.admin)).length).toBe(adminBefore);
  });

  it("changes a recurring series from the edited occurrence on; completed occurrences keep theirs", async () => {
    const first = await create({ title: "Weekly stock count", recurrence: "weekly", dueDate: utcDay(0) });
    await edit(first.id, { status: "completed" });
    const all = async () => (await suite.admin.get<Task[]>("/api/tasks?limit=200")).body;
    const second = (await all()).find((t) => t.recurredFromId === first.id)!;
    expect(second).toMatchObject({ status: "open", recurrence: "weekly", dueDate: utcDay(7) });

    // Other fields are the occurrence's own: renaming the completed one leaves the open one as it was.
    await edit(first.id, { title: "Weekly stock count (done)" });
    expect((await read(second.id)).title).toBe("Weekly stock count");

    // Repetition is the series': changed on the completed occurrence, the open one follows, with its own event.
    const monthly = await edit(first.id, { recurrence: "monthly" });
    expect(monthly.body).toMatchObject({ recurrence: "monthly", status: "completed" });
    expect(await read(second.id)).toMatchObject({ recurrence: "monthly", recurring: true, dueDate: utcDay(7), status: "open" });
    expect((await auditsOf(first.id)).at(-1)).toBe(`Task #${first.id}: recurrence; later occurrences #${second.id} now repeat monthly`);
    expect((await eventsOf(second.id)).filter((e) => e.name === "task.updated").map((e) => e.payload)).toMatchObject([{ changedFields: ["recurrence"] }]);

    // Completing the open one brings the next a month on; changing the latest leaves the ones before it alone.
    await edit(second.id, { status: "completed" });
    const third = (await all()).find((t) => t.recurredFromId === second.id)!;
    expect(third).toMatchObject({ recurrence: "monthly", status: "open" });
    await edit(third.id, { recurrence: "daily" });
    expect((await read(second.id)).recurrence).toBe("monthly");
    expect((await read(first.id)).recurrence).toBe("monthly");

    // Stopping the series from an earlier occurrence stops the open one; the completed ones in between keep theirs.
    const stopped = await edit(first.id, { recurring: false });
    expect(stopped.body).toMatchObject({ recurring: false, recurrence: null });
    expect(await read(third.id)).toMatchObject({ recurring: false, recurrence: null });
    expect((await read(second.id)).recurrence).toBe("monthly");
    await edit(third.id, { status: "completed" });
    expect((await all()).filter((t) => t.recurredFromId === third.id)).toEqual([]);
  });

  it("gives tasks only to active staff: a deactivated account is listed as such, refused as a new assignee, and keeps what it holds", async () => {
    const dora = { name: "Dora Departed", email: "dora.departed@leadwell.test" };
    await signedInWithRole(suite.rt, "agent", dora);
    const doraId = (await suite.admin.get<StaffMember[]>("/api/tasks/assignees")).body.find((p) => p.email === dora.email)!.id;
    const held = await create({ title: "Dora's follow-up", assigneeId: doraId });
    expect((await suite.admin.post(`/api/enterprise/users/${doraId}/deactivate`)).status).toBe(200);

    const listed = (await suite.admin.get<StaffMember[]>("/api/tasks/assignees")).body;
    expect(listed.find((p) => p.id === doraId)).toEqual({ id: doraId, name: dora.name, email: dora.email, active: false });
    expect(listed.find((p) => p.id === samId)).toMatchObject({ active: true });

    const before = await written(held.id);
    expectFieldError(await suite.admin.post("/api/tasks", { title: "For Dora", assigneeId: doraId }), "assigneeId", "task.assignee_unknown");
    const other = await create({ title: "Sam's call", assigneeId: samId });
    expectFieldError(await edit(other.id, { assigneeId: doraId }), "assigneeId", "task.assignee_unknown");
    expect((await read(other.id)).assignee?.id).toBe(samId);
    expect((await written(held.id)).task).toEqual(before.task);

    // What she holds stays hers until someone hands it on: other fields change, and handing it to Sam works.
    const renamed = await edit(held.id, { title: "Dora's follow-up, reread" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.assignee?.id).toBe(doraId);
    const handed = await edit(held.id, { assigneeId: samId });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.assignee?.id).toBe(samId);
  });
});
