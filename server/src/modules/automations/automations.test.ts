import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AutomationRun, AutomationWorkflow } from "@contract/automations";
import type { OutboxMail } from "@contract/mail";
import type { Task } from "@contract/tasks";
import { tasks as taskRows } from "../../db/schema";
import { ADMIN, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

const runsOf = async (admin: TestClient, id: number) => (await admin.get<AutomationRun[]>(`/api/automations/${id}/runs`)).body;

let leadNumber = 0;
async function addLead(admin: TestClient, fields: Record<string, unknown> = {}) {
  leadNumber += 1;
  const lead = await admin.post<{ id: number; businessName: string }>("/api/leads", {
    businessOwnerName: "Rosa",
    businessOwnerLastName: "Ortiz",
    businessName: `Automation Shop ${leadNumber}`,
    email: `rosa${leadNumber}@automation-shop.test`,
    ...fields,
  });
  expect(lead.status).toBe(201);
  return lead.body;
}

describe.each(testDrivers)("Automations on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const create = (body: object) => suite.admin.post<AutomationWorkflow>("/api/automations", body);

  it("creates, lists, switches, edits and deletes a workflow, naming the field a config breaks", async () => {
    const created = await create({ name: "Welcome", trigger: "new_lead", action: "notify", config: { userEmail: ADMIN.email, message: "Hi {{lead.businessName}}" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Welcome", trigger: "new_lead", action: "notify", enabled: true, conditions: [] });
    expect((await suite.admin.get<AutomationWorkflow[]>("/api/automations")).body.map((row) => row.id)).toContain(created.body.id);

    const off = await suite.admin.put<AutomationWorkflow>(`/api/automations/${created.body.id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    const edited = await suite.admin.put<AutomationWorkflow>(`/api/automations/${created.body.id}`, { name: "Welcome task", action: "create_task", config: { title: "Call {{lead.businessName}}" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Welcome task", action: "create_task", config: { title: "Call {{lead.businessName}}", priority: "medium" }, enabled: false });
    // A PUT with nothing to change answers the workflow as it is (the fuzz suite once got a 500 here).
    const unchanged = await suite.admin.put<AutomationWorkflow>(`/api/automations/${created.body.id}`, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ name: "Welcome task", action: "create_task", enabled: false });
    const badEdit = await suite.admin.put(`/api/automations/${created.body.id}`, { config: { title: "" } });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body).toMatchObject({ fieldCodes: { "config.title": { code: "field.required" } } });

    const badRecipient = await create({ name: "Mail", trigger: "new_lead", action: "send_email", config: { to: "nobody", subject: "Hi", body: "Hello" } });
    expect(badRecipient.status).toBe(400);
    expect(badRecipient.body).toMatchObject({ fieldCodes: { "config.to": { code: "automation.invalid_recipient" } } });
    const emptyUpdate = await create({ name: "Nothing", trigger: "lead_updated", action: "update_lead", config: {} });
    expect(emptyUpdate.status).toBe(400);
    expect(emptyUpdate.body).toMatchObject({ fieldCodes: { config: { code: "automation.update_lead_empty" } } });
    const badAction = await create({ name: "Rocket", trigger: "new_lead", action: "launch", config: {} });
    expect(badAction.status).toBe(400);
    const badTrigger = await create({ name: "Never", trigger: "lead.exploded", action: "notify", config: { userEmail: ADMIN.email, message: "x" } });
    expect(badTrigger.status).toBe(400);
    expect(badTrigger.body).toMatchObject({ fieldCodes: { trigger: { code: "automation.invalid_trigger" } } });

    expect((await suite.admin.delete(`/api/automations/${created.body.id}`)).status).toBe(200);
    expect((await suite.admin.delete(`/api/automations/${created.body.id}`)).status).toBe(404);
    expect((await suite.admin.get(`/api/automations/${created.body.id}/runs`)).status).toBe(404);
  });

  it("create_task: a new lead gets its task, and the run is logged", async () => {
    const workflow = await create({ name: "New lead → task", trigger: "new_lead", action: "create_task", config: { title: "Onboard {{lead.businessName}}", priority: "high", dueInDays: 2, assigneeEmail: ADMIN.email } });
    const lead = await addLead(suite.admin);
    const runs = await waitFor(() => runsOf(suite.admin, workflow.body.id), (rows) => rows.length > 0);
    expect(runs[0]).toMatchObject({ eventName: "lead.created", outcome: "success", error: null, attempts: 1 });
    expect(runs[0]!.durationMs).toBeGreaterThanOrEqual(0);
    const tasks = await suite.admin.get<Task[]>(`/api/tasks?leadId=${lead.id}`);
    expect(tasks.body).toHaveLength(1);
    expect(tasks.body[0]).toMatchObject({ title: `Onboard ${lead.businessName}`, priority: "high", leadId: lead.id, assignee: { email: ADMIN.email } });
    expect(tasks.body[0]!.dueDate).toBe(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    // The API does not show it: the row records which automation made the task.
    const [row] = await suite.rt.ctx.db.select({ createdByAutomationId: taskRows.createdByAutomationId }).from(taskRows).where(eq(taskRows.id, tasks.body[0]!.id));
    expect(row).toEqual({ createdByAutomationId: workflow.body.id });
    await suite.admin.put(`/api/automations/${workflow.body.id}`, { enabled: false });
  });

  it("send_email and notify fill placeholders, and only when the conditions hold", async () => {
    const mail = await create({
      name: "Retail welcome",
      trigger: "new_lead",
      conditions: [{ field: "industry", operator: "equals", value: "Retail" }],
      action: "send_email",
      config: { to: "{{lead.email}}", subject: "Welcome, {{lead.businessName}}", body: "Hello {{lead.businessOwnerName}}" },
    });
    const told = await create({
      name: "Tell me",
      trigger: "new_lead",
      conditions: [{ field: "industry", operator: "in", value: "retail, food" }],
      action: "notify",
      config: { userEmail: ADMIN.email, message: "New retail lead {{lead.businessName}}" },
    });
    const retail = await addLead(suite.admin, { industry: "retail" });
    const other = await addLead(suite.admin, { industry: "Technology" });
    await waitFor(() => runsOf(suite.admin, told.body.id), (rows) => rows.length > 0);
    expect(await runsOf(suite.admin, mail.body.id)).toEqual([expect.objectContaining({ outcome: "success" })]);

    const outbox = await suite.admin.get<OutboxMail[]>("/api/settings/mail-outbox");
    expect(outbox.body.filter((row) => row.subject === `Welcome, ${retail.businessName}`)).toEqual([expect.objectContaining({ to: `rosa${leadNumber - 1}@automation-shop.test` })]);
    expect(outbox.body.some((row) => row.subject.includes(other.businessName))).toBe(false);
    const notes = await suite.admin.get<{ message: string; code: string | null; params: unknown }[]>("/api/notifications");
    expect(notes.body.map((note) => note.message)).toContain(`Automation "Tell me": New retail lead ${retail.businessName}`);
    expect(notes.body.map((note) => note.message)).not.toContain(`Automation "Tell me": New retail lead ${other.businessName}`);
    expect(notes.body.map((note) => [note.code, note.params])).toContainEqual(["automation.message", { automation: "Tell me", message: `New retail lead ${retail.businessName}` }]);
    await suite.admin.put(`/api/automations/${mail.body.id}`, { enabled: false });
    await suite.admin.put(`/api/automations/${told.body.id}`, { enabled: false });
  });

  it("update_lead sets status, priority, stage and a tag; a failing action is retried, marked failed and the owner told", async () => {
    const workflow = await create({ name: "Triage", trigger: "new_lead", action: "update_lead", config: { status: "contacted", priority: "high", stage: "Qualified", tag: "auto" } });
    const failing = await create({ name: "Task for a ghost", trigger: "new_lead", action: "create_task", config: { title: "Never", assigneeEmail: "ghost@nowhere.test" } });
    const lead = await addLead(suite.admin);
    await waitFor(() => runsOf(suite.admin, failing.body.id), (rows) => rows.length > 0);
    expect(await runsOf(suite.admin, workflow.body.id)).toEqual([expect.objectContaining({ outcome: "success" })]);
    const stored = await suite.admin.get<{ status: string; priority: string; pipelineStage: string | null; tags: string[] }>(`/api/leads/${lead.id}`);
    expect(stored.body).toMatchObject({ status: "contacted", priority: "high", pipelineStage: "Qualified", tags: ["auto"] });

    const [run] = await runsOf(suite.admin, failing.body.id);
    expect(run).toMatchObject({
      outcome: "failed",
      attempts: 3,
      error: "No staff member has the email ghost@nowhere.test",
      errorCode: { code: "automation.no_such_staff", params: { email: "ghost@nowhere.test" } },
    });
    const notes = await suite.admin.get<{ message: string }[]>("/api/notifications");
    expect(notes.body.map((note) => note.message)).toContain('Automation "Task for a ghost" failed: No staff member has the email ghost@nowhere.test');
    await suite.admin.put(`/api/automations/${workflow.body.id}`, { enabled: false });
    await suite.admin.put(`/api/automations/${failing.body.id}`, { enabled: false });
  });

  it.each(["http://10.0.0.5/hook", "http://169.254.169.254/latest/meta-data", "http://[::1]:8080/hook", "http://localhost:5000/hook"])(
    "refuses a call_webhook to the private address %s, naming config.url",
    async (url) => {
      const res = await create({ name: "Inward", trigger: "new_lead", action: "call_webhook", config: { url } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "automation.private_address", fieldCodes: { "config.url": { code: "automation.private_address" } } });
      const notify = await create({ name: "Harmless", trigger: "lead.deleted", action: "notify", config: { userEmail: ADMIN.email, message: "x" } });
      const edited = await suite.admin.put(`/api/automations/${notify.body.id}`, { action: "call_webhook", config: { url } });
      expect(edited.status).toBe(400);
      expect(edited.body).toMatchObject({ fieldCodes: { "config.url": { code: "automation.private_address" } } });
      expect((await suite.admin.delete(`/api/automations/${notify.body.id}`)).status).toBe(200);
    },
  );

  it("stops automations that keep triggering each other at the depth limit, and marks the run", async () => {
    const lead = await addLead(suite.admin);
    // Only this lead: earlier tests' events may still be on their way.
    const thisLead = { field: "leadId", operator: "equals", value: String(lead.id) };
    const toQualified = await create({ name: "Ping", trigger: "lead_updated", conditions: [thisLead, { field: "status", operator: "equals", value: "contacted" }], action: "update_lead", config: { status: "qualified" } });
    const toContacted = await create({ name: "Pong", trigger: "lead_updated", conditions: [thisLead, { field: "status", operator: "equals", value: "qualified" }], action: "update_lead", config: { status: "contacted" } });
    expect((await suite.admin.put(`/api/leads/${lead.id}`, { status: "contacted" })).status).toBe(200);

    const pong = await waitFor(() => runsOf(suite.admin, toContacted.body.id), (rows) => rows.some((row) => row.outcome === "loop_stopped"));
    // Person → Ping (depth 1) → Pong (2) → Ping (3) → Pong stopped.
    expect(pong.map((row) => row.outcome)).toEqual(["loop_stopped", "success"]);
    expect(pong[0]!.error).toContain("limit 3");
    expect((await runsOf(suite.admin, toQualified.body.id)).map((row) => row.outcome)).toEqual(["success", "success"]);
    const stored = await suite.admin.get<{ status: string }>(`/api/leads/${lead.id}`);
    expect(stored.body.status).toBe("qualified");
  });
});
