import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AutomationRun, AutomationWorkflow, SavedAutomationWorkflow } from "@contract/automations";
import { automationWorkflows } from "../../db/schema";
import { hashPassword } from "../../lib/password";
import { ADMIN, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { insertUser } from "../auth/users.data";
import { waitFor } from "../../test/wait-for";

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A local receiver answering every request with one status, recording each. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}/${path}`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const runsOf = async (admin: TestClient, id: number) => (await admin.get<AutomationRun[]>(`/api/automations/${id}/runs`)).body;

async function addLead(admin: TestClient, businessName: string) {
  const lead = await admin.post<{ id: number; businessName: string }>("/api/leads", {
    businessOwnerName: "Iris",
    businessOwnerLastName: "Vega",
    businessName,
    email: `iris@${businessName.toLowerCase().replace(/\W+/g, "-")}.test`,
  });
  expect(lead.status).toBe(201);
  return lead.body;
}

describe.each(testDrivers)("Automations calling webhooks on %s", (driver) => {
  // A receiver on 127.0.0.1 needs the address check off; retries 1 s apart so a failing run ends within the test.
  const suite = suiteWithAdmin(driver, { webhooks: { secretKey: undefined, allowPrivateAddresses: true, retryDelaysSeconds: [1, 1] } });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const create = (body: object, client: TestClient = suite.admin) => client.post<SavedAutomationWorkflow>("/api/automations", body);
  /** A new-lead workflow calling the receiver, only for leads with this business name (other tests' leads pass by). */
  const webhookFor = (name: string, businessName: string, path = "hook") =>
    create({ name, trigger: "new_lead", conditions: [{ field: "businessName", operator: "equals", value: businessName }], action: "call_webhook", config: { url: receiver.url(path) } });

  it("posts the event signed with the workflow's secret, shown only when created, and logs the run", async () => {
    receiver.answer(200);
    const workflow = await webhookFor("Tell the warehouse", "Signed Bakery", "signed");
    expect(workflow.status).toBe(201);
    expect(workflow.body).toMatchObject({ action: "call_webhook", config: { url: receiver.url("signed") }, hasSigningSecret: true });
    const secret = workflow.body.signingSecret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const list = await suite.admin.get<AutomationWorkflow[]>("/api/automations");
    expect(list.body.find((row) => row.id === workflow.body.id)).toMatchObject({ hasSigningSecret: true });
    expect(list.text).not.toContain(secret.slice(6));
    const [stored] = await suite.rt.ctx.db.select().from(automationWorkflows).where(eq(automationWorkflows.id, workflow.body.id));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));

    const lead = await addLead(suite.admin, "Signed Bakery");
    const runs = await waitFor(() => runsOf(suite.admin, workflow.body.id), (rows) => rows[0]?.outcome === "success");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ eventName: "lead.created", outcome: "success", error: null, attempts: 1 });

    const calls = receiver.received.filter((request) => request.headers["webhook-id"] === `auto_${runs[0]!.id}`);
    expect(calls).toHaveLength(1);
    // Verified by the Standard Webhooks reference library, not by our own code.
    const verified = new Webhook(secret).verify(calls[0]!.body, calls[0]!.headers);
    expect(verified).toMatchObject({
      type: "lead.created",
      data: { leadId: lead.id, businessName: "Signed Bakery" },
      automation: { id: workflow.body.id, name: "Tell the warehouse" },
    });
    expect(Number.isNaN(Date.parse((verified as { timestamp: string }).timestamp))).toBe(false);
    const other = await webhookFor("Another", "Nobody Here");
    expect(() => new Webhook(other.body.signingSecret!).verify(calls[0]!.body, calls[0]!.headers)).toThrow();
  });

  it("retries a receiver that keeps failing, then marks the run failed and tells the workflow's creator", async () => {
    receiver.answer(500);
    const workflow = await webhookFor("Sync to ERP", "Failing Forge", "down");
    await addLead(suite.admin, "Failing Forge");
    const [pendingRun] = await waitFor(() => runsOf(suite.admin, workflow.body.id), (rows) => rows.length > 0);
    expect(pendingRun?.outcome).toBe("pending");

    const [run] = await waitFor(() => runsOf(suite.admin, workflow.body.id), (rows) => rows[0]?.outcome === "failed");
    expect(run).toMatchObject({
      outcome: "failed",
      attempts: 3,
      error: "The receiver answered 500: receiver is down",
      errorCode: { code: "automation.receiver_answered_saying", params: { status: 500, answer: "receiver is down" } },
    });
    const calls = receiver.received.filter((request) => request.headers["webhook-id"] === `auto_${run!.id}`);
    expect(calls).toHaveLength(3);
    // Every attempt posts the same message: a receiver can drop repeats by its webhook-id.
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);

    const notes = await suite.admin.get<{ message: string; link: string | null }[]>("/api/notifications");
    expect(notes.body).toContainEqual(expect.objectContaining({ message: 'Automation "Sync to ERP" failed: The receiver answered 500: receiver is down', link: "/automation" }));
    receiver.answer(200);
  });

  it("gives a workflow edited into call_webhook its secret in that answer only, and refuses bad URLs naming config.url", async () => {
    const workflow = await create({ name: "Tell me", trigger: "new_lead", action: "notify", config: { userEmail: ADMIN.email, message: "New lead" } });
    expect(workflow.body).toMatchObject({ hasSigningSecret: false });
    expect(workflow.body.signingSecret).toBeUndefined();

    const edited = await suite.admin.put<SavedAutomationWorkflow>(`/api/automations/${workflow.body.id}`, { action: "call_webhook", config: { url: receiver.url("edited") } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ action: "call_webhook", hasSigningSecret: true, signingSecret: expect.stringMatching(/^whsec_/) });
    const renamed = await suite.admin.put<SavedAutomationWorkflow>(`/api/automations/${workflow.body.id}`, { name: "Tell the CRM" });
    expect(renamed.body).toMatchObject({ name: "Tell the CRM", hasSigningSecret: true });
    expect(renamed.body.signingSecret).toBeUndefined();
    const off = await suite.admin.put<SavedAutomationWorkflow>(`/api/automations/${workflow.body.id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);

    for (const url of ["ftp://example.com/hook", "https://user:pass@example.com/hook", "not a url", `https://example.com/${"x".repeat(2000)}`, 42]) {
      const res = await suite.admin.post<{ fieldCodes: Record<string, unknown> }>("/api/automations", { name: "Bad", trigger: "new_lead", action: "call_webhook", config: { url } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fieldCodes)).toEqual(["config.url"]);
    }
    const missing = await create({ name: "Bad", trigger: "new_lead", action: "call_webhook", config: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fieldCodes: { "config.url": { code: "field.required" } } });
    const badEdit = await suite.admin.put(`/api/automations/${workflow.body.id}`, { config: { url: "ftp://example.com/hook" } });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body).toMatchObject({ fieldCodes: { "config.url": { code: "webhook.invalid_url" } } });
  });

  it("lets only those who may manage webhooks point a workflow at a URL", async () => {
    const sam = { name: "Sam Staff", email: "sam.hooks@leadwell.test", password: "staff member password" };
    await insertUser(suite.rt.ctx.db, { name: sam.name, email: sam.email, passwordHash: await hashPassword(sam.password), role: "manager" });
    const staff = suite.rt.client();
    expect((await staff.post("/api/auth/login", { email: sam.email, password: sam.password })).status).toBe(200);

    const refused = await create({ name: "Leak", trigger: "new_lead", action: "call_webhook", config: { url: receiver.url("leak") } }, staff);
    expect(refused.status).toBe(403);
    const own = await create({ name: "Mine", trigger: "new_lead", action: "notify", config: { userEmail: sam.email, message: "New lead" } }, staff);
    expect(own.status).toBe(201);
    const intoWebhook = await staff.put(`/api/automations/${own.body.id}`, { action: "call_webhook", config: { url: receiver.url("leak") } });
    expect(intoWebhook.status).toBe(403);

    // An administrator's webhook workflow: staff may still switch it, not repoint it.
    const admins = await webhookFor("Admin's hook", "Nobody At All");
    expect((await staff.put(`/api/automations/${admins.body.id}`, { enabled: false })).status).toBe(200);
    expect((await staff.put(`/api/automations/${admins.body.id}`, { config: { url: receiver.url("leak") } })).status).toBe(403);
    const after = await suite.admin.get<AutomationWorkflow[]>("/api/automations");
    expect(after.body.find((row) => row.id === admins.body.id)).toMatchObject({ config: { url: receiver.url("hook") }, enabled: false });
  });
});
