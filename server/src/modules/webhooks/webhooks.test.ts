import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { CreatedApiKey } from "@contract/api-keys";
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from "@contract/webhooks";
import { notifications, webhookEndpoints } from "../../db/schema";
import { ADMIN, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A local receiver answering the given statuses in turn (then 200), recording every request. */
async function startReceiver(host = "127.0.0.1") {
  const received: Received[] = [];
  let answers: number[] = [];
  let redirectTo: string | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      if (redirectTo) {
        response.writeHead(307, { location: redirectTo }).end();
        return;
      }
      const status = answers.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" }).end(`answer ${status} ${"x".repeat(600)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/hook`,
    port,
    received,
    answer(statuses: number[]) {
      answers = [...statuses];
      received.length = 0;
    },
    redirect(location: string) {
      redirectTo = location;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const deliveriesOf = async (admin: TestClient, id: number) => (await admin.get<WebhookDelivery[]>(`/api/settings/webhooks/${id}/deliveries`)).body;

describe.each(testDrivers)("Webhooks on %s", (driver) => {
  // A receiver on 127.0.0.1 needs the address check off; retries 1 s apart so the schedule runs within a test.
  const suite = suiteWithAdmin(driver, { webhooks: { secretKey: undefined, allowPrivateAddresses: true, retryDelaysSeconds: [1, 1, 1] } });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const create = (body: object) => suite.admin.post<CreatedWebhookEndpoint>("/api/settings/webhooks", body);

  it("shows the signing secret once, keeps it encrypted, and refuses bad URLs, events and API keys", async () => {
    const created = await create({ url: receiver.url, event: "lead.created" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url, event: "lead.created", enabled: true, disabledReason: null });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const [stored] = await suite.rt.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.body.id));
    expect(JSON.stringify(stored)).not.toContain(created.body.secret.slice(6));
    const list = await suite.admin.get<WebhookEndpoint[]>("/api/settings/webhooks");
    expect(list.body.map((endpoint) => endpoint.id)).toContain(created.body.id);
    expect(list.text).not.toContain(created.body.secret.slice(6));

    const ftp = await create({ url: "ftp://example.com/hook" });
    expect(ftp.status).toBe(400);
    expect(ftp.body).toMatchObject({ code: "webhook.invalid_url", fieldCodes: { url: { code: "webhook.invalid_url" } } });
    const event = await create({ url: receiver.url, event: "lead.exploded" });
    expect(event.status).toBe(400);
    expect(event.body).toMatchObject({ fieldCodes: { event: { code: "webhook.invalid_event" } } });

    const key = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Full", scope: "full" });
    const withKey = await suite.rt.client().get("/api/settings/webhooks", { authorization: `Bearer ${key.body.key}` });
    expect(withKey.status).toBe(403);
  });

  it("delivers a committed event to the endpoints that want it, signed per Standard Webhooks", async () => {
    const wanted = await create({ url: receiver.url, event: "lead.created" });
    const other = await create({ url: receiver.url, event: "lead.deleted" });
    const all = await create({ url: `${receiver.url}?all`, event: "*" });
    receiver.answer([]);

    const createdAt = Date.now();
    const lead = await suite.admin.post<{ id: number }>("/api/leads", {
      businessOwnerName: "Ana",
      businessOwnerLastName: "Núñez",
      businessName: "Webhook Bakery",
      email: "ana@webhook-bakery.test",
    });
    expect(lead.status).toBe(201);
    // The dispatcher writes the deliveries and starts the sending job at once: no wait for its minute schedule.
    const delivered = await waitFor(() => deliveriesOf(suite.admin, wanted.body.id), (rows) => rows[0]?.status === "delivered", 5000);
    expect(delivered[0]).toMatchObject({ eventName: "lead.created", status: "delivered" });
    expect(receiver.received.some((request) => request.headers["webhook-id"] === delivered[0]!.messageId)).toBe(true);
    expect(Date.now() - createdAt).toBeLessThan(5000);
    expect(delivered[0]!.attempts).toHaveLength(1);
    expect(delivered[0]!.attempts[0]).toMatchObject({ statusCode: 200, error: null });
    expect(delivered[0]!.attempts[0]!.responseSnippet).toHaveLength(500);
    expect(await deliveriesOf(suite.admin, other.body.id)).toEqual([]);
    await waitFor(() => deliveriesOf(suite.admin, all.body.id), (rows) => rows.some((row) => row.status === "delivered"));

    const toWanted = receiver.received.find((request) => request.headers["webhook-id"] === delivered[0]!.messageId)!;
    expect(toWanted).toBeDefined();
    const verified = new Webhook(wanted.body.secret).verify(toWanted.body, toWanted.headers);
    expect(verified).toMatchObject({ type: "lead.created", data: { leadId: lead.body.id, businessName: "Webhook Bakery" } });
    // Signed with another endpoint's secret, it does not verify.
    expect(() => new Webhook(other.body.secret).verify(toWanted.body, toWanted.headers)).toThrow();
  });

  it("retries a failing receiver with backoff until it answers, then redelivers with the same webhook-id", async () => {
    const endpoint = await create({ url: receiver.url, event: "lead.deleted" });
    receiver.answer([500, 503]);
    const test = await suite.admin.post<WebhookDelivery>(`/api/settings/webhooks/${endpoint.body.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ eventName: "webhook.test", status: "pending" });

    const [done] = await waitFor(() => deliveriesOf(suite.admin, endpoint.body.id), (rows) => rows[0]?.status === "delivered");
    expect(done!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);
    expect(done!.attempts[0]!.responseSnippet).toMatch(/^answer 500 x+$/);
    expect(receiver.received).toHaveLength(3);
    for (const request of receiver.received) {
      expect(request.headers["webhook-id"]).toBe(done!.messageId);
      expect(new Webhook(endpoint.body.secret).verify(request.body, request.headers)).toMatchObject({ type: "webhook.test" });
    }
    const endpointAfter = (await suite.admin.get<WebhookEndpoint[]>("/api/settings/webhooks")).body.find((row) => row.id === endpoint.body.id);
    expect(endpointAfter).toMatchObject({ enabled: true, failingSince: null });

    receiver.answer([]);
    const again = await suite.admin.post<WebhookDelivery>(`/api/settings/webhooks/${endpoint.body.id}/deliveries/${done!.id}/redeliver`);
    expect(again.status).toBe(202);
    // Settled once delivered: on a loaded machine the local request may fail once and be retried a second later.
    const [redelivered] = await waitFor(() => deliveriesOf(suite.admin, endpoint.body.id), (rows) => rows[0]?.status === "delivered" && rows[0].attempts.length >= 4);
    expect(redelivered).toMatchObject({ id: done!.id, status: "delivered" });
    expect(redelivered!.attempts.at(-1)).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"]))).toEqual(new Set([done!.messageId]));

    const missing = await suite.admin.post(`/api/settings/webhooks/${endpoint.body.id}/deliveries/999999/redeliver`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "webhook.delivery_not_found" });
  });

  it("disables an endpoint that answers 410 Gone and tells administrators", async () => {
    const endpoint = await create({ url: receiver.url, event: "*" });
    receiver.answer([410]);
    await suite.admin.post(`/api/settings/webhooks/${endpoint.body.id}/test`);
    const list = await waitFor(
      async () => (await suite.admin.get<WebhookEndpoint[]>("/api/settings/webhooks")).body.find((row) => row.id === endpoint.body.id),
      (row) => row?.enabled === false,
    );
    expect(list).toMatchObject({ enabled: false, disabledReason: "the receiver answered 410 Gone", disabledReasonCode: { code: "webhook.gone", params: {} } });
    const [delivery] = await deliveriesOf(suite.admin, endpoint.body.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: [expect.objectContaining({ statusCode: 410 })] });
    const told = await suite.rt.ctx.db.select().from(notifications).where(eq(notifications.userEmail, ADMIN.email));
    expect(told.map((row) => row.message)).toContain(`The webhook to ${receiver.url} was disabled: the receiver answered 410 Gone`);
    expect(told.map((row) => [row.code, row.params])).toContainEqual(["webhook.disabled_gone", { url: receiver.url }]);

    // Enabling it again clears the reason.
    const enabled = await suite.admin.put<WebhookEndpoint>(`/api/settings/webhooks/${endpoint.body.id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, disabledReasonCode: null });
  });

  it("disables an endpoint that has failed for three days", async () => {
    const endpoint = await create({ url: receiver.url, event: "*" });
    await suite.rt.ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '3 days 1 hour'` })
      .where(eq(webhookEndpoints.id, endpoint.body.id));
    receiver.answer([500]);
    await suite.admin.post(`/api/settings/webhooks/${endpoint.body.id}/test`);
    const row = await waitFor(
      async () => (await suite.admin.get<WebhookEndpoint[]>("/api/settings/webhooks")).body.find((item) => item.id === endpoint.body.id),
      (item) => item?.enabled === false,
    );
    expect(row).toMatchObject({ enabled: false, disabledReason: "every delivery failed for 3 days", disabledReasonCode: { code: "webhook.failing", params: { days: 3 } } });
    const [delivery] = await deliveriesOf(suite.admin, endpoint.body.id);
    expect(delivery).toMatchObject({ status: "failed" });
  });

  it("deletes an endpoint with its log, and answers 404 for one that does not exist", async () => {
    const endpoint = await create({ url: receiver.url });
    expect((await suite.admin.delete(`/api/settings/webhooks/${endpoint.body.id}`)).body).toEqual({ ok: true });
    const again = await suite.admin.delete(`/api/settings/webhooks/${endpoint.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Webhook not found", code: "webhook.not_found" });
    expect((await suite.admin.get(`/api/settings/webhooks/${endpoint.body.id}/deliveries`)).status).toBe(404);
    expect((await suite.admin.post(`/api/settings/webhooks/${endpoint.body.id}/test`)).status).toBe(404);
  });
});

describe.each(testDrivers)("Webhook address checks on %s", (driver) => {
  // The default: private, loopback and link-local addresses refused.
  const suite = suiteWithAdmin(driver);

  it.each([
    "http://10.0.0.5/hook",
    "http://192.168.1.1/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]:8080/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[fd00::1]/hook",
    "http://0.0.0.0/hook",
    "http://localhost:5000/hook",
  ])("refuses %s", async (url) => {
    const res = await suite.admin.post("/api/settings/webhooks", { url, event: "*" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "webhook.private_address", fieldCodes: { url: { code: "webhook.private_address" } } });
  });
});
