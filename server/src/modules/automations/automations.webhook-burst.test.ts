import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AutomationRun, SavedAutomationWorkflow } from "@contract/automations";
import { createRuntime, type Runtime } from "../../runtime";
import { ADMIN, signedInAdmin, startTestRuntime, testDrivers, TestClient, type TestRuntime } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

const LEADS = 50;
/** Generous for 50 local calls; the calls made one per polling interval (2 s) on each instance took 50 s or more. */
const DELIVERED_WITHIN_MS = 20_000;

interface Received {
  webhookId: string;
  headers: Record<string, string>;
  body: string;
}

/** A local receiver answering 200 to every request, recording each. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ webhookId: headers["webhook-id"] ?? "", headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/burst`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(testDrivers)("A burst of call_webhook automations on %s", (driver) => {
  let first: TestRuntime;
  let second: Runtime | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    // The job queue's own polling (2 s), as the server runs it, not the tests' shorter one.
    first = await startTestRuntime(driver, { webhooks: { secretKey: undefined, allowPrivateAddresses: true, retryDelaysSeconds: [1, 1] } }, {});
    clients.push(await signedInAdmin(first));
    // PostgreSQL: a second instance on the same database, its workers competing for the same jobs. PGlite holds one.
    if (driver === "postgres") {
      second = await createRuntime(first.ctx.config, {});
      const client = new TestClient(second);
      expect((await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
      clients.push(client);
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
    await receiver?.close();
  });

  it(`calls the receiver once for each of ${LEADS} new leads, all within ${DELIVERED_WITHIN_MS / 1000} s`, async () => {
    const admin = clients[0]!;
    const workflow = await admin.post<SavedAutomationWorkflow>("/api/automations", {
      name: "Tell the warehouse about every lead",
      trigger: "new_lead",
      conditions: [{ field: "businessName", operator: "contains", value: "Burst Bakery" }],
      action: "call_webhook",
      config: { url: receiver.url },
    });
    expect(workflow.status).toBe(201);

    // The leads are entered on each instance in turn.
    const leadIds: number[] = [];
    for (let i = 0; i < LEADS; i++) {
      const client = clients[i % clients.length]!;
      const lead = await client.post<{ id: number }>("/api/leads", { businessOwnerName: "Iris", businessOwnerLastName: `Vega ${i}`, businessName: `Burst Bakery ${i}`, email: `iris.${i}@burst-bakery.test` });
      expect(lead.status).toBe(201);
      leadIds.push(lead.body.id);
    }

    // Read until all succeeded or the bound passed: the assertions then say what was seen.
    const runs = await waitFor(
      async () => (await admin.get<AutomationRun[]>(`/api/automations/${workflow.body.id}/runs`)).body,
      (rows) => rows.length === LEADS && rows.every((run) => run.outcome === "success"),
      DELIVERED_WITHIN_MS,
    );
    expect(runs.filter((run) => run.outcome === "success")).toHaveLength(LEADS);
    expect(runs.every((run) => run.attempts === 1 && run.error === null)).toBe(true);

    // Exactly once: one request per run, each run's message about a different lead, every lead told.
    const calls = receiver.received.filter((call) => call.headers["webhook-id"]?.startsWith("auto_"));
    expect(calls).toHaveLength(LEADS);
    expect(new Set(calls.map((call) => call.webhookId))).toEqual(new Set(runs.map((run) => `auto_${run.id}`)));
    const told = calls.map((call) => (new Webhook(workflow.body.signingSecret!).verify(call.body, call.headers) as { data: { leadId: number } }).data.leadId);
    expect(told.sort((a, b) => a - b)).toEqual([...leadIds].sort((a, b) => a - b));
  });
});
