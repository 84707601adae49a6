import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_DIFF, startFakeChatServer, type FakeChatServer } from "../../../test/fake-chat-completions";
import { signedInAdmin, startTestRuntime, suiteWithAdmin, testDrivers, type TestClient, type TestRuntime } from "../../../test/test-runtime";
import { anIssue, submitIssue, untilSettled } from "../issue-test-helpers";

/** Issue 14.9: the knowledge base feeds the repair proposals, beside the approved issues, and they cite it. */
const WEBHOOK_ARTICLE = {
  title: "Webhook deliveries failing with 401",
  body: "## Fix\n\nPartners see **401 Unauthorized** on webhook deliveries when the signing secret was rotated. Send the partner the new signing secret, then replay the failed deliveries.",
  tags: ["webhooks"],
};
const UNRELATED_ARTICLE = { title: "Office plants", body: "Water the ficus on Mondays." };

describe.each(testDrivers)("a repair proposal without a model, from the knowledge base, on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("cites the related article (not the unrelated one) in its references and summary", async () => {
    const article = await suite.admin.post<{ id: number }>("/api/knowledge-base", WEBHOOK_ARTICLE);
    expect(article.status).toBe(201);
    expect((await suite.admin.post("/api/knowledge-base", UNRELATED_ARTICLE)).status).toBe(201);

    const issue = await untilSettled(suite.admin, (await submitIssue(suite.admin, anIssue("Webhook deliveries to our partner fail with 401 Unauthorized since Monday"))).id);
    expect(issue.aiRepairLog?.references).toEqual([{ kind: "knowledge", id: article.body.id, title: WEBHOOK_ARTICLE.title, score: expect.any(Number) }]);
    expect(issue.aiRepairLog!.references[0]!.score).toBeGreaterThanOrEqual(0.34);
    expect(issue.aiRepairLog?.summary).toContain(`1 knowledge-base article looks related: [KB-${article.body.id}] "${WEBHOOK_ARTICLE.title}" (version 1.0).`);
  });

  it("finds nothing for an issue that shares too few words with any article", async () => {
    const issue = await untilSettled(suite.admin, (await submitIssue(suite.admin, anIssue("The lead export button is greyed out for managers"))).id);
    expect(issue.aiRepairLog?.references).toEqual([]);
  });
});

describe.each(testDrivers)("a repair proposal from a model, given the knowledge base, on %s", (driver) => {
  let fake: FakeChatServer;
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeChatServer();
    rt = await startTestRuntime(driver, { ai: { baseUrl: fake.baseUrl, apiKey: "test-key", model: "fake-model", timeoutMs: 2_000 } });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
    await fake?.close();
  });

  it("sends the article to the model and keeps it among the proposal's references", async () => {
    const article = await admin.post<{ id: number }>("/api/knowledge-base", WEBHOOK_ARTICLE);
    expect(article.status).toBe(201);
    fake.enqueue({ kind: "proposal", summary: `Rotate the signing secret as [KB-${article.body.id}] says.`, codeDiff: FAKE_DIFF });
    const before = fake.requests.length;
    const issue = await untilSettled(admin, (await submitIssue(admin, anIssue("Partner webhook deliveries fail with 401 Unauthorized"))).id);

    expect(issue.aiRepairLog).toMatchObject({
      summary: `Rotate the signing secret as [KB-${article.body.id}] says.`,
      references: [{ kind: "knowledge", id: article.body.id, title: WEBHOOK_ARTICLE.title, score: expect.any(Number) }],
    });
    const [request] = fake.requests.slice(before);
    const messages = request?.body.messages ?? [];
    expect(messages.find((m) => m.role === "system")?.content).toContain("cite it in the summary as [KB-<id>]");
    const userMessage = messages.find((m) => m.role === "user")?.content ?? "";
    expect(userMessage).toContain(`### [KB-${article.body.id}] ${WEBHOOK_ARTICLE.title} (version 1.0, similarity`);
    expect(userMessage).toContain("replay the failed deliveries");
  });
});
