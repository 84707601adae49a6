import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import type { Task, TaskAssignee } from "@contract/tasks";
import { technicalIssues } from "../../db/schema";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { hashPassword } from "../../lib/password";
import { insertUser } from "../auth/users.data";
import { expectFieldError } from "../../test/expect-field-error";

const SAM = { name: "Sam Staff", email: "sam@leadwell.test", password: "staff password 1" };

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function signIn(rt: TestRuntime, who: { email: string; password: string }): Promise<TestClient> {
  const client = rt.client();
  const res = await client.post("/api/auth/login", { email: who.email, password: who.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return client;
}

/** The field a 400 names, with its message and code. */

describe.each(testDrivers)("tasks on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let lead: Lead;
  let sam: TestClient;
  let samId: number;

  const create = (body: Record<string, unknown>) => suite.admin.post<Task>("/api/tasks", body);

  it("creates a task with the spec's defaults, assigned to its creator", async () => {
    const res = await create({ title: "  Call the bakery  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Call the bakery",
      description: null,
      dueDate: null,
      priority: "medium",
      status: "open",
      recurring: false,
      recurrence: null,
      leadId: null,
      issueId: null,
      assignee: { name: ADMIN.name, email: ADMIN.email },
      overdue: false,
      completedAt: null,
    });
    expect((await suite.admin.get<Task>(`/api/tasks/${res.body.id}`)).body).toEqual(res.body);
  });

  it("refuses a missing, blank or over-long title, and other bad fields, naming them", async () => {
    expectFieldError(await create({}), "title", "field.required");
    expectFieldError(await create({ title: "   " }), "title", "field.required");
    expectFieldError(await create({ title: "x".repeat(201) }), "title", "field.too_long");
    expect((await create({ title: "x".repeat(200) })).status).toBe(201);
    expectFieldError(await create({ title: "T", priority: "urgent" }), "priority", "field.invalid_option");
    expectFieldError(await create({ title: "T", status: "done" }), "status", "field.invalid_option");
    expectFieldError(await create({ title: "T", dueDate: "2025-02-30" }), "dueDate", "field.not_real_date");
    expectFieldError(await create({ title: "T", recurrence: "yearly" }), "recurrence", "field.invalid_option");
    expectFieldError(await create({ title: "T", recurring: true }), "recurrence", "task.recurrence_required");
    expectFieldError(await create({ title: "T", recurring: false, recurrence: "daily" }), "recurrence", "task.recurrence_without_recurring");
  });

  it("refuses links to a lead, issue or staff member that does not exist, naming the field", async () => {
    expectFieldError(await create({ title: "T", leadId: 999_999 }), "leadId", "task.lead_unknown");
    expectFieldError(await create({ title: "T", issueId: 999_999 }), "issueId", "task.issue_unknown");
    expectFieldError(await create({ title: "T", assigneeId: 999_999 }), "assigneeId", "task.assignee_unknown");
    const [task] = (await suite.admin.get<Task[]>("/api/tasks?limit=1")).body;
    expectFieldError(await suite.admin.put(`/api/tasks/${task!.id}`, { leadId: 999_999 }), "leadId", "task.lead_unknown");
    expectFieldError(await suite.admin.put(`/api/tasks/${task!.id}`, { assigneeId: 999_999 }), "assigneeId", "task.assignee_unknown");
  });

  it("changes only the fields sent, and answers 404 for an unknown task", async () => {
    const created = (await create({ title: "Partial", description: "Keep me", priority: "high" })).body;
    const updated = await suite.admin.put<Task>(`/api/tasks/${created.id}`, { status: "in_progress" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "Partial", description: "Keep me", priority: "high", status: "in_progress" });
    const cleared = await suite.admin.put<Task>(`/api/tasks/${created.id}`, { description: null, dueDate: utcDay(3) });
    expect(cleared.body).toMatchObject({ description: null, dueDate: utcDay(3), status: "in_progress" });
    const completed = await suite.admin.put<Task>(`/api/tasks/${created.id}`, { status: "completed" });
    expect(completed.body.completedAt).toEqual(expect.any(String));
    const reopened = await suite.admin.put<Task>(`/api/tasks/${created.id}`, { status: "open" });
    expect(reopened.body.completedAt).toBeNull();

    expect((await suite.admin.put(`/api/tasks/${created.id}`, {})).body).toMatchObject({ code: "request.empty_update" });
    const missing = await suite.admin.put("/api/tasks/999999", { status: "open" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "task.not_found", error: "Task not found" });
    expect((await suite.admin.get("/api/tasks/999999")).status).toBe(404);
  });

  it("deletes a task once", async () => {
    const created = (await create({ title: "Short-lived" })).body;
    expect((await suite.admin.delete(`/api/tasks/${created.id}`)).body).toEqual({ ok: true });
    expect((await suite.admin.delete(`/api/tasks/${created.id}`)).status).toBe(404);
    expect((await suite.admin.get(`/api/tasks/${created.id}`)).status).toBe(404);
  });

  it("links a lead and an issue; deleting the issue clears issueId, deleting the lead clears leadId, the task stays", async () => {
    lead = (
      await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Ana", businessOwnerLastName: "Núñez", businessName: "Núñez Bakery", email: "ana@nunez.test" })
    ).body;
    const issue = await suite.admin.post<{ id: number }>("/api/issues", { email: "ana@nunez.test", description: "The invoice page shows a blank screen" });
    expect(issue.status).toBe(201);
    const linked = await create({ title: "Fix Ana's invoices", leadId: lead.id, issueId: issue.body.id });
    expect(linked.body).toMatchObject({ leadId: lead.id, leadName: "Núñez Bakery", issueId: issue.body.id });

    // No API deletes issues; the database does, and the link goes with the row.
    await suite.rt.ctx.db.delete(technicalIssues).where(eq(technicalIssues.id, issue.body.id));
    expect((await suite.admin.get<Task>(`/api/tasks/${linked.body.id}`)).body).toMatchObject({ issueId: null, leadId: lead.id });

    const otherLead = (
      await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Bo", businessOwnerLastName: "Lee", businessName: "Lee Cafe", email: "bo@lee.test" })
    ).body;
    const aboutOther = (await create({ title: "Visit Bo", leadId: otherLead.id })).body;
    expect((await suite.admin.delete(`/api/leads/${otherLead.id}`)).status).toBe(200);
    expect((await suite.admin.get<Task>(`/api/tasks/${aboutOther.id}`)).body).toMatchObject({ leadId: null, leadName: null, title: "Visit Bo" });
  });

  it("lists the work to do soonest due first and the completed tasks last, filters by lead, status, assignee and due window, and pages with a cursor", async () => {
    await insertUser(suite.rt.ctx.db, { name: SAM.name, email: SAM.email, passwordHash: await hashPassword(SAM.password), role: "manager" });
    sam = await signIn(suite.rt, SAM);
    const assignees = (await suite.admin.get<TaskAssignee[]>("/api/tasks/assignees")).body;
    expect(assignees.map((a) => a.name)).toEqual([ADMIN.name, SAM.name]);
    samId = assignees.find((a) => a.email === SAM.email)!.id;

    const overdue = (await create({ title: "L overdue", leadId: lead.id, dueDate: utcDay(-2) })).body;
    const today = (await create({ title: "L today", leadId: lead.id, dueDate: utcDay(0), assigneeId: samId })).body;
    const later = (await create({ title: "L later", leadId: lead.id, dueDate: utcDay(5), status: "in_progress" })).body;
    const undated = (await create({ title: "L undated", leadId: lead.id })).body;
    const doneLate = (await create({ title: "L done late", leadId: lead.id, dueDate: utcDay(-3), status: "completed" })).body;
    expect(overdue.overdue).toBe(true);
    expect(doneLate.overdue).toBe(false);

    const titles = async (query: string, client = suite.admin) => (await client.get<Task[]>(`/api/tasks?leadId=${lead.id}&${query}`)).body.map((t) => t.title);
    // The earlier "Fix Ana's invoices" task has no due date: it comes after the dated ones with the other undated one,
    // oldest first; the completed task comes after all the work still to do, however early it was due.
    expect(await titles("")).toEqual(["L overdue", "L today", "L later", "Fix Ana's invoices", "L undated", "L done late"]);
    expect(await titles("status=in_progress")).toEqual(["L later"]);
    expect(await titles("due=overdue")).toEqual(["L overdue"]);
    expect(await titles("due=today")).toEqual(["L today"]);
    expect(await titles("due=upcoming")).toEqual(["L later"]);
    expect(await titles("due=none")).toEqual(["Fix Ana's invoices", "L undated"]);
    expect(await titles(`assignee=${samId}`)).toEqual(["L today"]);
    expect(await titles("assignee=me", sam)).toEqual(["L today"]);
    expect(await titles("assignee=")).toHaveLength(6);

    const first = await suite.admin.get<Task[]>(`/api/tasks?leadId=${lead.id}&limit=4`);
    expect(first.headers["x-total-count"]).toBe("6");
    expect(first.body.map((t) => t.id)).toEqual([overdue.id, today.id, later.id, first.body[3]!.id]);
    expect(first.body[3]?.title).toBe("Fix Ana's invoices");
    const cursor = first.headers["x-next-cursor"] as string;
    // The next page crosses from the undated work to the completed task.
    const second = await suite.admin.get<Task[]>(`/api/tasks?leadId=${lead.id}&limit=4&cursor=${cursor}`);
    expect(second.body.map((t) => t.id)).toEqual([undated.id, doneLate.id]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    const third = await suite.admin.get<Task[]>(`/api/tasks?leadId=${lead.id}&limit=5&cursor=${(await suite.admin.get(`/api/tasks?leadId=${lead.id}&limit=5`)).headers["x-next-cursor"] as string}`);
    expect(third.body.map((t) => t.id)).toEqual([doneLate.id]);

    expectFieldError(await suite.admin.get("/api/tasks?cursor=nonsense"), "cursor", "list.cursor_mismatch");
    // A cursor of the order before completed tasks went last, as a client may still hold one.
    const formerCursor = Buffer.from(JSON.stringify(["tasks.due", "2026-12-07", later.id])).toString("base64url");
    expectFieldError(await suite.admin.get(`/api/tasks?cursor=${formerCursor}`), "cursor", "list.cursor_mismatch");
    expectFieldError(await suite.admin.get("/api/tasks?due=yesterday"), "due", "field.invalid_option");
    expect((await suite.admin.get("/api/tasks?assignee=someone")).status).toBe(400);
  });

  it("notifies a staff member given a task by someone else, and nobody for their own", async () => {
    // Only assignment notices: the hourly due-date reminder job may add its own to either inbox while this runs.
    const assignments = (inbox: Notification[]) => inbox.filter((n) => n.type === "task" && n.message.includes("assigned you a task"));
    const adminInbox = async () => assignments((await suite.admin.get<Notification[]>("/api/notifications")).body);
    const before = (await adminInbox()).length;
    const forSam = (await create({ title: "Send Sam the contract", assigneeId: samId })).body;
    const handed = (await create({ title: "Prepare the demo" })).body;
    await suite.admin.put(`/api/tasks/${handed.id}`, { assigneeId: samId });
    // Sam handing it back to the administrator tells the administrator.
    await sam.put(`/api/tasks/${handed.id}`, { assigneeId: (await suite.admin.get<{ id: number }>("/api/auth/me")).body.id });

    // Written by the notifications subscriber once the task events are dispatched: within a poll or two.
    const samsInbox = async () => assignments((await sam.get<Notification[]>("/api/notifications")).body);
    // Newest first; "L today" was created for Sam in the previous test.
    await expect
      .poll(async () => (await samsInbox()).map((n) => n.message), { timeout: 10_000 })
      .toEqual([
        `${ADMIN.name} assigned you a task: Prepare the demo`,
        `${ADMIN.name} assigned you a task: Send Sam the contract`,
        `${ADMIN.name} assigned you a task: L today`,
      ]);
    expect((await samsInbox())[1]?.link).toBe(`/tasks?id=${forSam.id}`);
    await expect.poll(async () => (await adminInbox()).length, { timeout: 10_000 }).toBe(before + 1);
    expect((await adminInbox())[0]?.message).toBe(`${SAM.name} assigned you a task: Prepare the demo`);
  });

  it("creates the next occurrence of a recurring task when it is completed, once", async () => {
    const weekly = (await create({ title: "Weekly report", recurrence: "weekly", dueDate: utcDay(0) })).body;
    expect(weekly).toMatchObject({ recurring: true, recurrence: "weekly" });
    await suite.admin.put(`/api/tasks/${weekly.id}`, { status: "completed" });
    await suite.admin.put(`/api/tasks/${weekly.id}`, { status: "open" });
    await suite.admin.put(`/api/tasks/${weekly.id}`, { status: "completed" });
    await suite.admin.put(`/api/tasks/${weekly.id}`, { status: "completed" });
    const all = (await suite.admin.get<Task[]>("/api/tasks?limit=200")).body;
    const next = all.filter((t) => t.recurredFromId === weekly.id);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ title: "Weekly report", status: "open", recurrence: "weekly", dueDate: utcDay(7), assignee: { email: ADMIN.email } });

    // Late by ten days, a daily task comes back tomorrow, not ten times overdue.
    const daily = (await create({ title: "Check the inbox", recurring: true, recurrence: "daily", dueDate: utcDay(-10) })).body;
    await suite.admin.put(`/api/tasks/${daily.id}`, { status: "completed" });
    const dailyNext = (await suite.admin.get<Task[]>("/api/tasks?limit=200")).body.filter((t) => t.recurredFromId === daily.id);
    expect(dailyNext.map((t) => t.dueDate)).toEqual([utcDay(1)]);

    // A task that stops recurring is completed without a successor.
    const stopped = (await create({ title: "Monthly review", recurrence: "monthly" })).body;
    expect((await suite.admin.put<Task>(`/api/tasks/${stopped.id}`, { recurring: false, status: "completed" })).body).toMatchObject({ recurring: false, recurrence: null });
    expect((await suite.admin.get<Task[]>("/api/tasks?limit=200")).body.filter((t) => t.recurredFromId === stopped.id)).toHaveLength(0);
    expectFieldError(await suite.admin.put(`/api/tasks/${stopped.id}`, { recurring: true }), "recurrence", "task.recurrence_required");
  });
  it("hides the tasks of another agent's lead from an agent limited to their own leads: not listed, 404 by id, nothing changed, and no task tied to it (issue 26.5)", async () => {
    const db = suite.rt.ctx.db;
    const rita = await signedInWithRole(suite.rt, "agent", { name: "Rita Tasks", email: "rita.tasks@leadwell.test" });
    const otto = await signedInWithRole(suite.rt, "agent", { name: "Otto Tasks", email: "otto.tasks@leadwell.test" });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const ritaId = await idOf(rita);
    const leadFor = async (n: string, assignee: number | null) => {
      const created = await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Sco", businessOwnerLastName: n, businessName: `Scope ${n}`, email: `scope.${n}@tasks.test` });
      await db.execute(sql`UPDATE leads SET assignee_id = ${assignee} WHERE id = ${created.body.id}`);
      return created.body.id;
    };
    const mine = await leadFor("mine", ritaId);
    const theirs = await leadFor("theirs", await idOf(otto));
    const free = await leadFor("free", null);
    // Even a task given to Rita herself is hidden when it is of Otto's lead.
    const onTheirs = (await create({ title: "Scope theirs task", leadId: theirs, assigneeId: ritaId })).body;
    const onMine = (await create({ title: "Scope mine task", leadId: mine, assigneeId: ritaId })).body;
    const onFree = (await create({ title: "Scope free task", leadId: free, assigneeId: ritaId })).body;
    const noLead = (await create({ title: "Scope no lead task", assigneeId: ritaId })).body;
    await db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      const listed = await rita.get<Task[]>("/api/tasks?assignee=me&limit=200");
      expect(listed.status).toBe(200);
      const ids = listed.body.map((task) => task.id);
      expect(ids).toEqual(expect.arrayContaining([onMine.id, onFree.id, noLead.id]));
      expect(ids).not.toContain(onTheirs.id);
      expect(JSON.stringify(listed.body)).not.toContain("Scope theirs");
      expect((await rita.get<Task[]>(`/api/tasks?leadId=${theirs}`)).body).toEqual([]);
      expect((await rita.get(`/api/tasks/${onTheirs.id}`)).status).toBe(404);
      expect((await rita.put(`/api/tasks/${onTheirs.id}`, { status: "completed" })).status).toBe(404);
      expect((await rita.delete(`/api/tasks/${onTheirs.id}`)).status).toBe(404);
      expect((await suite.admin.get<Task>(`/api/tasks/${onTheirs.id}`)).body).toMatchObject({ status: "open", leadName: "Scope theirs" });
      // A task cannot be tied to that lead, new or moved: the lead is unknown to her.
      expectFieldError(await rita.post("/api/tasks", { title: "Sneaky", leadId: theirs }), "leadId", "task.lead_unknown");
      expectFieldError(await rita.put(`/api/tasks/${noLead.id}`, { leadId: theirs }), "leadId", "task.lead_unknown");
      expect((await suite.admin.get<Task>(`/api/tasks/${noLead.id}`)).body.leadId).toBeNull();
      // Her own and unassigned leads' tasks work as before; the administrator lists every one.
      expect((await rita.put<Task>(`/api/tasks/${onMine.id}`, { status: "completed" })).body.status).toBe("completed");
      expect((await rita.post<Task>("/api/tasks", { title: "Scope free task 2", leadId: free })).status).toBe(201);
      expect((await suite.admin.get<Task[]>(`/api/tasks?leadId=${theirs}`)).body.map((task) => task.id)).toEqual([onTheirs.id]);
    } finally {
      await db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
  });
});
