import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { IntegrationCheck, IntegrationStatusRow } from "@contract/integrations";
import { encodeServerMessage } from "@contract/server-messages";
import { integrations } from "../../db/schema";
import { encryptSecret, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { suiteWithAdmin, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

/** A local stand-in for Slack's incoming webhook: answers the given statuses in turn (then 200 "ok"), recording every post. */
async function startSlack() {
  const posts: { contentType: string | undefined; body: unknown }[] = [];
  let answers: { status: number; text: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      posts.push({ contentType: request.headers["content-type"], body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      const answer = answers.shift() ?? { status: 200, text: "ok" };
      response.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T000/B000/XYZ`,
    posts,
    answer(next: { status: number; text: string }[]) {
      answers = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SLACK_URL = "https://hooks.slack.com/services/T000/B000/realLookingSecret";

/**
 * The API takes only https://hooks.slack.com URLs, which this machine cannot reach; the test saves one through the
 * API, then points the stored (encrypted) URL at the local stand-in, as if Slack's address answered here.
 */
async function pointSlackAt(rt: TestRuntime, url: string) {
  const key = await webhookEncryptionKey(rt.ctx.db, rt.ctx.config.webhooks);
  await rt.ctx.db.update(integrations).set({ secretEncrypted: encryptSecret(key, url) }).where(eq(integrations.kind, "slack"));
}

const slackCard = async (admin: TestClient) =>
  (await admin.get<{ integrations: IntegrationStatusRow[] }>("/api/integrations/status")).body.integrations.find((card) => card.kind === "slack")!;

describe.each(testDrivers)("Slack on %s", (driver) => {
  // The stand-in listens on 127.0.0.1: the outbound address rule is off, as ALLOW_PRIVATE_WEBHOOKS does.
  const suite = suiteWithAdmin(driver, { webhooks: { secretKey: undefined, allowPrivateAddresses: true, retryDelaysSeconds: [1] } });
  let slack: Awaited<ReturnType<typeof startSlack>>;
  beforeAll(async () => {
    slack = await startSlack();
  });
  afterAll(async () => {
    await slack.close();
  });

  it("posts a test message, and the card follows its outcome", async () => {
    const saved = await suite.admin.put<IntegrationStatusRow>("/api/integrations/slack", {
      kind: "slack",
      webhookUrl: SLACK_URL,
      channelLabel: "#sales",
      events: ["lead.created", "lead.created", "task.completed"],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "configured", secretHint: "cret", settings: { channelLabel: "#sales", events: ["lead.created", "task.completed"] } });
    await pointSlackAt(suite.rt, slack.url);

    const ok = await suite.admin.post<IntegrationCheck>("/api/integrations/slack/test");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, message: "Slack accepted the message", integration: { status: "connected", lastError: null } });
    expect(slack.posts).toEqual([{ contentType: "application/json", body: { text: "Leadwell test message: this channel is connected and will receive lead.created, task.completed." } }]);
    expect((await slackCard(suite.admin)).lastUsedAt).toBe(ok.body.integration.lastUsedAt);

    slack.answer([{ status: 404, text: "no_service" }]);
    const refused = await suite.admin.post<IntegrationCheck>("/api/integrations/slack/test");
    expect(refused.body).toMatchObject({ ok: false, message: "Slack answered HTTP 404: no_service", integration: { status: "configured", lastError: "Slack answered HTTP 404: no_service" } });
    // The same as a code with params, for the reader's language.
    const said = { code: "integration.slack_refused_saying", params: { status: 404, answer: "no_service" } };
    expect(refused.body).toMatchObject({ messageCode: said, integration: { lastErrorCode: said } });

    const again = await suite.admin.post<IntegrationCheck>("/api/integrations/slack/test");
    expect(again.body).toMatchObject({ ok: true, integration: { status: "connected", lastError: null, lastErrorAt: null } });

    // Changing what is posted keeps the record; a new webhook URL is unproven until it is used.
    const eventsOnly = await suite.admin.put<IntegrationStatusRow>("/api/integrations/slack", { kind: "slack", channelLabel: "#sales", events: ["lead.created"] });
    expect(eventsOnly.body).toMatchObject({ status: "connected", settings: { events: ["lead.created"] } });
    const newUrl = await suite.admin.put<IntegrationStatusRow>("/api/integrations/slack", { kind: "slack", webhookUrl: `${SLACK_URL}2`, events: ["lead.created"] });
    expect(newUrl.body).toMatchObject({ status: "configured", lastUsedAt: null, lastError: null, secretHint: "ret2" });
    await pointSlackAt(suite.rt, slack.url);
  });

  it("answers the check without a server error when Slack cannot be reached", async () => {
    await pointSlackAt(suite.rt, "http://127.0.0.1:1/services/closed");
    const res = await suite.admin.post<IntegrationCheck>("/api/integrations/slack/test");
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toMatch(/^Slack could not be reached: .*ECONNREFUSED/);
    expect(res.body.integration.status).toBe("configured");
    await pointSlackAt(suite.rt, slack.url);
  });

  it("posts the chosen events as they happen, and nothing else", async () => {
    slack.posts.length = 0;
    const lead = await suite.admin.post<{ id: number }>("/api/leads", {
      businessOwnerName: "Jane",
      businessOwnerLastName: "Doe",
      businessName: "Acme <!channel>",
      email: "jane@acme.com",
    });
    expect(lead.status).toBe(201);
    await waitFor(() => slack.posts.length, (count) => count > 0);
    expect(slack.posts).toEqual([{ contentType: "application/json", body: { text: "New lead: Acme &lt;!channel&gt; (jane@acme.com)" } }]);
    // The job records the use once Slack has answered, a moment after the post arrived here.
    expect(await waitFor(() => slackCard(suite.admin), (card) => card.status === "connected")).toMatchObject({ status: "connected", lastError: null });

    // lead.deleted was not chosen.
    await suite.admin.delete(`/api/leads/${lead.body.id}`);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(slack.posts).toHaveLength(1);
  });

  it("retries a post Slack failed to take, and posts nothing while switched off", async () => {
    slack.posts.length = 0;
    slack.answer([{ status: 503, text: "busy" }]);
    const first = await suite.admin.post("/api/leads", { businessOwnerName: "Li", businessOwnerLastName: "Wu", businessName: "Retry Co", email: "li@retry.test" });
    expect(first.status).toBe(201);
    // The first try fails (503): the card says so until the retry (after the first webhook retry delay, 1 s here) gets through.
    const failing = await waitFor(() => slackCard(suite.admin), (card) => card.lastError !== null && card.status === "configured");
    expect(failing.lastError).toBe("lead.created: Slack answered HTTP 503: busy");
    expect(failing.lastErrorCode).toEqual({
      code: "integration.slack_event_failed",
      params: { event: "lead.created", outcome: encodeServerMessage({ code: "integration.slack_refused_saying", params: { status: 503, answer: "busy" } }) },
    });
    const retried = await waitFor(() => slack.posts.length, (count) => count >= 2);
    expect(retried).toBe(2);
    expect(slack.posts.map((post) => post.body)).toEqual([{ text: "New lead: Retry Co (li@retry.test)" }, { text: "New lead: Retry Co (li@retry.test)" }]);
    expect((await waitFor(() => slackCard(suite.admin), (card) => card.status === "connected")).status).toBe("connected");

    await suite.admin.put("/api/integrations/slack", { kind: "slack", events: ["lead.created"], enabled: false });
    await suite.admin.post("/api/leads", { businessOwnerName: "No", businessOwnerLastName: "Post", businessName: "Quiet Co", email: "quiet@example.com" });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(slack.posts).toHaveLength(2);
  });
});
