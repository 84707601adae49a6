import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Issue } from "@contract/issues";
import { proposeRepairJob } from "./issues.jobs";
import type { Notification } from "@contract/notifications";
import { encodeServerMessage } from "@contract/server-messages";
import { FAKE_DIFF, startFakeChatServer, type FakeChatServer } from "../../test/fake-chat-completions";
import { openEventStream, type OpenStream } from "../../test/event-stream";
import { signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { anIssue, submitIssue, untilSettled } from "./issue-test-helpers";

// Long enough that a busy CI worker (PGlite runs on the test's own thread) never times out an answer the fake gave at
// once, which would hand the queued reply to the first attempt and the default one to its retry.
const TIMEOUT_MS = 1500;
/** How the failure reason words that limit. */
const TIMEOUT_TEXT = "1.5 s";

describe.each(testDrivers)("repair proposals from a model on %s", (driver) => {
  let fake: FakeChatServer;
  let rt: TestRuntime;
  let admin: TestClient;
  let approvedContext: Issue;
  let proposed: Issue;
  let failed: Issue;
  /** A viewer's live stream, open from the start: what another person's screen hears of every issue's changes. */
  let viewerStream: OpenStream;

  beforeAll(async () => {
    fake = await startFakeChatServer();
    rt = await startTestRuntime(driver, {
      ai: { baseUrl: fake.baseUrl, apiKey: "test-key", model: "fake-model", timeoutMs: TIMEOUT_MS },
      aiRetry: { limit: 2, delaySeconds: 1 },
    });
    admin = await signedInAdmin(rt);
    viewerStream = await openEventStream(rt, await signedInWithRole(rt, "viewer", { name: "Ivy Viewer", email: "ivy.issues@example.com" }));
  });
  afterAll(async () => {
    viewerStream?.close();
    await rt?.stop();
    await fake?.close();
  });

  /** Reports an issue and waits for its job; answers the settled issue and the chat requests it made. */
  async function reportAndSettle(description: string) {
    const before = fake.requests.length;
    const issue = await untilSettled(admin, (await submitIssue(admin, anIssue(description))).id);
    return { issue, requests: fake.requests.slice(before) };
  }

  it("stores the model's proposal with its source, having sent the key, the model, the description and the related approved fix", async () => {
    const first = await reportAndSettle("The sign-in page spins forever on slow hotel Wi-Fi");
    approvedContext = (await admin.post<Issue>(`/api/issues/${first.issue.id}/approve`, { manualNotes: "Checked on hotel Wi-Fi: works." })).body;
    expect(approvedContext.status).toBe("approved");

    fake.enqueue({ kind: "proposal", summary: "Abort sign-in after 15 s and say so.", codeDiff: FAKE_DIFF });
    const { issue, requests } = await reportAndSettle("Sign-in keeps spinning when the Wi-Fi is slow");
    proposed = issue;
    expect(issue).toMatchObject({ status: "awaiting_review", approvalRequested: true, repairFailure: null });
    expect(issue.aiRepairLog).toMatchObject({
      summary: "Abort sign-in after 15 s and say so.",
      codeDiff: FAKE_DIFF,
      source: { kind: "model", model: "fake-model", endpoint: new URL(fake.baseUrl).host },
      references: [{ kind: "issue", id: approvedContext.id, title: "The sign-in page spins forever on slow hotel Wi-Fi", score: expect.any(Number) }],
    });
    expect(JSON.stringify(issue)).not.toContain("test-key");

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.authorization).toBe("Bearer test-key");
    expect(request?.body).toMatchObject({ model: "fake-model", response_format: { type: "json_object" } });
    const userMessage = request?.body.messages?.find((m) => m.role === "user")?.content ?? "";
    expect(userMessage).toContain("Sign-in keeps spinning when the Wi-Fi is slow");
    expect(userMessage).toContain(`### Issue #${approvedContext.id}`);
    expect(userMessage).toContain(`Approved proposal: ${approvedContext.aiRepairLog?.summary}`);
    expect(userMessage).toContain("Reviewer's notes: Checked on hotel Wi-Fi: works.");
  });

  it("says the configured model writes the proposals, naming its server's host only", async () => {
    const source = await admin.get("/api/issues/proposal-source");
    expect([source.status, source.body]).toEqual([200, { kind: "model", model: "fake-model", endpoint: new URL(fake.baseUrl).host }]);
    expect(source.text).not.toContain("test-key");
  });

  it("retries an answer that is not JSON and stores the valid one that follows", async () => {
    fake.enqueue({ kind: "content", content: "Sure! Just raise the timeout." }, { kind: "proposal", summary: "Raise the timeout.", codeDiff: "" });
    const { issue, requests } = await reportAndSettle("The reports page times out for a whole year of leads");
    expect(requests).toHaveLength(2);
    expect(issue).toMatchObject({ status: "awaiting_review", aiRepairLog: { summary: "Raise the timeout.", codeDiff: "", source: { kind: "model" } } });
  });

  it("gives up after three answers that time out, saying why and how often it tried, and tells staff", async () => {
    fake.enqueue({ kind: "hang" }, { kind: "hang" }, { kind: "hang" });
    const { issue, requests } = await reportAndSettle("Uploading a lead's logo never finishes");
    failed = issue;
    expect(requests).toHaveLength(3);
    expect(issue).toMatchObject({ status: "failed", aiRepairLog: null, approvalRequested: false });
    expect(issue.repairFailure).toEqual({
      reason: `The model did not answer within ${TIMEOUT_TEXT}`,
      code: "repair.timeout",
      params: { duration: TIMEOUT_TEXT },
      attempts: 3,
      failedAt: expect.any(String),
    });
    const notes = (await admin.get<Notification[]>("/api/notifications")).body.filter((n) => n.link === `/issues?tab=review&id=${issue.id}`);
    expect(notes.map((n) => n.message)).toEqual([`Issue #${issue.id}: no fix could be proposed. The model did not answer within ${TIMEOUT_TEXT}.`]);
    // Told as codes: the notification carries the failure's own code and params, for the reader's language.
    expect(notes.map((n) => [n.code, n.params])).toEqual([
      ["issue.proposal_failed", { issueId: issue.id, reason: encodeServerMessage({ code: "repair.timeout", params: { duration: TIMEOUT_TEXT } }) }],
    ]);
  });

  it("gives up after three server errors, quoting the server's message", async () => {
    const error = { kind: "status", status: 500, message: "model overloaded" } as const;
    fake.enqueue(error, error, error);
    const { issue, requests } = await reportAndSettle("The KPI sync form rejects valid JSON");
    expect(requests).toHaveLength(3);
    expect(issue.repairFailure).toMatchObject({ reason: "The AI server answered 500: model overloaded", code: "repair.http_error", params: { status: 500, detail: "model overloaded" }, attempts: 3 });
  });

  it("prepares a new proposal when staff ask again after a failure", async () => {
    const before = fake.requests.length;
    const retried = await admin.post<Issue>(`/api/issues/${failed.id}/retry`);
    expect(retried.body).toMatchObject({ status: "open", repairFailure: null });
    const settled = await untilSettled(admin, failed.id);
    expect(fake.requests.length - before).toBe(1);
    expect(settled).toMatchObject({ status: "awaiting_review", repairFailure: null, aiRepairLog: { codeDiff: FAKE_DIFF, source: { kind: "model", model: "fake-model" } } });
  });

  it("passes a rejection's notes to the next proposal", async () => {
    await admin.post(`/api/issues/${proposed.id}/reject`, { notes: "The timeout is set in api-client.ts, not the form." });
    const before = fake.requests.length;
    await admin.post(`/api/issues/${proposed.id}/retry`);
    expect((await untilSettled(admin, proposed.id)).status).toBe("awaiting_review");
    const userMessage = fake.requests[before]?.body.messages?.find((m) => m.role === "user")?.content;
    expect(userMessage).toContain("A reviewer rejected an earlier proposal for this issue, noting: The timeout is set in api-client.ts, not the form.");
  });

  it("never calls the model, nor writes anything, for a job left over after approval", async () => {
    const approved = (await admin.post<Issue>(`/api/issues/${proposed.id}/approve`, {})).body;
    const before = fake.requests.length;
    const jobId = await rt.ctx.jobs.send(proposeRepairJob, { issueId: proposed.id });
    let job: { state: string; output: unknown } | null = null;
    for (const deadline = Date.now() + 30_000; job?.state !== "completed" && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await rt.ctx.jobs.getJob(proposeRepairJob, jobId!);
    }
    expect(job).toEqual({ state: "completed", output: { outcome: "skipped", status: "approved" } });
    expect(fake.requests.length).toBe(before);
    expect((await admin.get<Issue>(`/api/issues/${proposed.id}`)).body).toEqual(approved);
  });

  it("tells every change of an issue's status on the live stream, so an open screen reads it again without polling", async () => {
    const namesFor = async (issueId: number, count: number) => {
      const heard: string[] = [];
      while (heard.length < count) {
        const message = await viewerStream.next((m) => m.event === "event" && (m.data as { ids: { issueId?: number } }).ids.issueId === issueId);
        heard.push((message.data as { name: string }).name);
      }
      return heard;
    };
    expect(await namesFor(failed.id, 4)).toEqual(["issue.created", "issue.proposal_failed", "issue.reopened", "issue.proposal_ready"]);
    expect(await namesFor(proposed.id, 6)).toEqual(["issue.created", "issue.proposal_ready", "issue.rejected", "issue.reopened", "issue.proposal_ready", "issue.approved"]);
  });
});
