import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { proposeRepairJob } from "./issues.jobs";
import type { AiRepairLog, Issue } from "@contract/issues";
import type { Lead } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import { seedDemoIssues } from "../../../../scripts/seed-demo-issues";
import { auditLogs, technicalIssues } from "../../db/schema";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { hashPassword } from "../../lib/password";
import { insertUser } from "../auth/users.data";
import { anIssue, submitIssue, untilSettled } from "./issue-test-helpers";

const NO_MODEL = "No AI model is configured (set AI_BASE_URL and AI_MODEL), so no change is proposed for this issue.";
const STAFF = { name: "Sam Staff", email: "sam@leadwell.test", password: "staff password 1" };

describe.each(testDrivers)("technical issues without a model on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  const auditOf = async (issueId: number) =>
    (await suite.rt.ctx.db.select().from(auditLogs).where(like(auditLogs.details, `Issue #${issueId} %`))).map((a) => ({ action: a.action, userEmail: a.userEmail }));

  /** An issue written straight to the table, with no proposal job, in the given state. */
  async function storedIssue(status: Issue["status"], description = `Stored ${status} issue for the rules`) {
    const [row] = await suite.rt.ctx.db.insert(technicalIssues).values({ email: "x@example.com", description, status }).returning({ id: technicalIssues.id });
    return row!.id;
  }

  /** An issue awaiting review with a fix a model proposed, as the job stores it while a model is configured (this suite has none). */
  async function proposedIssue(description: string) {
    const log: AiRepairLog = {
      summary: "Raise the sign-in timeout to 15 s.",
      codeDiff: "",
      timestamp: new Date().toISOString(),
      source: { kind: "model", model: "earlier-model", endpoint: "ai.example.com" },
      references: [],
    };
    const [row] = await suite.rt.ctx.db
      .insert(technicalIssues)
      .values({ email: "x@example.com", description, status: "awaiting_review", aiRepairLog: log, approvalRequested: true })
      .returning({ id: technicalIssues.id });
    return row!.id;
  }

  it("answers 400 naming each field, with the spec's messages, and stores nothing", async () => {
    const empty = await suite.admin.post("/api/issues", {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fields: { email: "Invalid email address", description: "Description must be at least 10 characters" } });
    const bad = await suite.admin.post("/api/issues", { email: "not-an-email", description: "  too short ", screenshotUrl: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: "email: Invalid email address",
      code: "issue.invalid_email",
      fields: { email: "Invalid email address", description: "Description must be at least 10 characters", screenshotUrl: "Invalid URL" },
      fieldCodes: {
        email: { code: "issue.invalid_email" },
        description: { code: "issue.description_too_short", params: { min: 10 } },
        screenshotUrl: { code: "issue.invalid_url" },
      },
    });
    expect((await suite.admin.get("/api/issues?limit=0")).body).toEqual({
      error: "limit: limit must be between 1 and 200",
      code: "list.limit_range",
      params: { min: 1, max: 200 },
      fields: { limit: "limit must be between 1 and 200" },
      fieldCodes: { limit: { code: "list.limit_range", params: { min: 1, max: 200 } } },
    });
    expect((await suite.admin.get("/api/issues?status=done")).body).toMatchObject({ fields: { status: expect.any(String) } });
    expect((await suite.admin.get("/api/issues/abc")).status).toBe(400);
    const list = await suite.admin.get<Issue[]>("/api/issues");
    expect(list.body).toEqual([]);
    expect(list.headers["x-total-count"]).toBe("0");
  });

  it("stores an issue at once as open, linked to the lead with the same email in any letter case, and audits it", async () => {
    const lead = (await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Ana", businessOwnerLastName: "Núñez", businessName: "Núñez Bakery", email: "Ana@NunezBakery.es" })).body;
    const linked = await submitIssue(suite.admin, anIssue("The invoice page shows an empty table", { email: "  ana@nunezbakery.ES ", screenshotUrl: "https://shots.example.com/1.png" }));
    expect(linked).toMatchObject({
      leadId: lead.id,
      email: "ana@nunezbakery.ES",
      description: "The invoice page shows an empty table",
      screenshotUrl: "https://shots.example.com/1.png",
      status: "open",
      aiRepairLog: null,
      repairFailure: null,
      approvalRequested: false,
      reviewedBy: null,
    });
    const unlinked = await submitIssue(suite.admin, anIssue("Another page shows an empty table", { email: "nobody@example.com" }));
    expect(unlinked).toMatchObject({ leadId: null, screenshotUrl: null });
    expect(await auditOf(linked.id)).toEqual([{ action: "issue.reported", userEmail: ADMIN.email }]);
    await untilSettled(suite.admin, linked.id);
    await untilSettled(suite.admin, unlinked.id);
  });

  it("documents every issue route under Technical issues", async () => {
    const doc = await suite.admin.get<{ paths: Record<string, Record<string, { tags?: string[] }>> }>("/api/openapi.json");
    const issueOperations = Object.entries(doc.body.paths)
      .filter(([path]) => path.startsWith("/api/issues"))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.tags?.join()}`));
    expect(issueOperations.sort()).toEqual(
      [
        "GET /api/issues",
        "GET /api/issues/export.csv",
        "GET /api/issues/proposal-source",
        "POST /api/issues",
        "GET /api/issues/{id}",
        "POST /api/issues/{id}/approve",
        "POST /api/issues/{id}/reject",
        "POST /api/issues/{id}/retry",
      ]
        .map((route) => `${route} Technical issues`)
        .sort(),
    );
  });

  it("answers 404 for an issue that does not exist, on every route", async () => {
    expect((await suite.admin.get("/api/issues/999999")).body).toEqual({ error: "Issue not found", code: "issue.not_found" });
    for (const action of ["approve", "reject", "retry"]) {
      const res = await suite.admin.post(`/api/issues/999999/${action}`, {});
      expect({ action, status: res.status, body: res.body }).toEqual({ action, status: 404, body: { error: "Issue not found", code: "issue.not_found" } });
    }
  });

  it("prepares a proposal that says plainly no model wrote it, and notifies every staff member with a link to the review", async () => {
    await insertUser(suite.rt.ctx.db, { name: STAFF.name, email: STAFF.email, passwordHash: await hashPassword(STAFF.password), role: "manager" });
    const issue = await submitIssue(suite.admin, anIssue("Sign-in spinner never stops on slow hotel Wi-Fi"));
    const settled = await untilSettled(suite.admin, issue.id);
    // It awaits review, but asks for no approval: no fix was proposed.
    expect(settled).toMatchObject({ status: "awaiting_review", approvalRequested: false, repairFailure: null });
    expect(settled.aiRepairLog).toMatchObject({ codeDiff: "", source: { kind: "retrieval", model: null, endpoint: null }, references: [] });
    expect(settled.aiRepairLog?.summary).toBe(`${NO_MODEL} No earlier approved fix is related to this issue.`);

    const link = `/issues?tab=review&id=${issue.id}`;
    // Written by the notifications subscriber once the issue.proposal_ready event is dispatched.
    const adminNotes = async () => (await suite.admin.get<Notification[]>("/api/notifications")).body.filter((n) => n.link === link);
    await expect
      .poll(adminNotes, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ type: "issue", message: `Issue #${issue.id}: a proposal is ready for review (no AI model is configured, so it lists related approved fixes only)` })]);
    const staff = suite.rt.client();
    await staff.post("/api/auth/login", { email: STAFF.email, password: STAFF.password });
    expect((await staff.get<Notification[]>("/api/notifications")).body.filter((n) => n.link === link)).toHaveLength(1);
  });

  it("says who writes the proposals: retrieval alone, with no model configured", async () => {
    const source = await suite.admin.get("/api/issues/proposal-source");
    expect([source.status, source.body]).toEqual([200, { kind: "retrieval", model: null, endpoint: null }]);
    expect((await suite.rt.client().get("/api/issues/proposal-source")).status).toBe(401);
  });

  it("refuses to approve a list of related fixes made without a model (409, nothing written), and still lets it be rejected", async () => {
    const [listed] = (await suite.admin.get<Issue[]>("/api/issues?q=hotel%20wi-fi")).body;
    expect(listed?.aiRepairLog?.source.kind).toBe("retrieval");
    const refused = await suite.admin.post(`/api/issues/${listed!.id}/approve`, { manualNotes: "Fixed it by hand" });
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: "No fix was proposed for this issue (no AI model wrote one), so there is nothing to approve", code: "issue.no_fix_proposed" },
    ]);
    expect((await suite.admin.get<Issue>(`/api/issues/${listed!.id}`)).body).toEqual(listed);
    expect(await auditOf(listed!.id)).toEqual([{ action: "issue.reported", userEmail: ADMIN.email }]);

    const other = await untilSettled(suite.admin, (await submitIssue(suite.admin, anIssue("Calendar invites arrive an hour late in winter"))).id);
    const rejected = await suite.admin.post<Issue>(`/api/issues/${other.id}/reject`, { notes: "Fixed by hand: the server's time zone" });
    expect([rejected.status, rejected.body.status]).toEqual([200, "rejected"]);
    expect((await suite.admin.post(`/api/issues/${other.id}/approve`, {})).body).toMatchObject({ code: "issue.no_fix_proposed" });
  });

  it("approves a proposed fix with notes once, and offers it as a reference for a similar new issue", async () => {
    const first = (await suite.admin.get<Issue>(`/api/issues/${await proposedIssue("Sign-in spinner never stops on slow hotel Wi-Fi")}`)).body;
    const approved = await suite.admin.post<Issue>(`/api/issues/${first.id}/approve`, { manualNotes: "  Raised the sign-in timeout to 15 s.  " });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", manualNotes: "Raised the sign-in timeout to 15 s.", reviewedBy: ADMIN.email });
    expect(approved.body.approvalTimestamp).toBeTruthy();
    expect(approved.body.reviewedAt).toBe(approved.body.approvalTimestamp);
    expect(approved.body.aiRepairLog).toEqual(first.aiRepairLog);

    expect((await suite.admin.post(`/api/issues/${first.id}/approve`, {})).body).toEqual({ error: "This issue is already approved", code: "issue.already_approved" });
    const reject = await suite.admin.post(`/api/issues/${first.id}/reject`, { notes: "changed my mind" });
    expect([reject.status, reject.body]).toEqual([409, { error: "An approved fix cannot be rejected", code: "issue.approved_cannot_be_rejected" }]);
    const retry = await suite.admin.post(`/api/issues/${first.id}/retry`);
    expect([retry.status, retry.body]).toEqual([409, { error: "This issue is already approved", code: "issue.already_approved" }]);
    expect(await auditOf(first.id)).toEqual([{ action: "issue.approved", userEmail: ADMIN.email }]);

    const similar = await untilSettled(suite.admin, (await submitIssue(suite.admin, anIssue("The sign-in page spins forever when the Wi-Fi is slow"))).id);
    expect(similar.aiRepairLog?.source.kind).toBe("retrieval");
    expect(similar.aiRepairLog?.references).toEqual([
      { kind: "issue", id: first.id, title: "Sign-in spinner never stops on slow hotel Wi-Fi", score: expect.any(Number) },
    ]);
    const score = similar.aiRepairLog!.references[0]!.score;
    expect(score).toBeGreaterThanOrEqual(0.34);
    expect(similar.aiRepairLog?.summary).toBe(
      `${NO_MODEL} 1 earlier approved fix is related and may help a person fix it by hand (references only, not a change for this issue): ` +
        `#${first.id} "Sign-in spinner never stops on slow hotel Wi-Fi" (${Math.round(score * 100)}% of the words in common).`,
    );
    expect(similar.aiRepairLog?.codeDiff).toBe("");

    // Sharing one common word ("spinner") is a coincidence, not a related fix: no reference, and it says so.
    const unrelated = await untilSettled(suite.admin, (await submitIssue(suite.admin, anIssue("The export page shows a spinner while the CSV file downloads"))).id);
    expect(unrelated.aiRepairLog?.references).toEqual([]);
    expect(unrelated.aiRepairLog?.summary).toBe(`${NO_MODEL} No earlier approved fix is related to this issue.`);
  });

  it("refuses to approve or reject without a proposal, and to retry while one is being prepared", async () => {
    const open = await storedIssue("open");
    expect((await suite.admin.post(`/api/issues/${open}/approve`, { manualNotes: "ok" })).body).toEqual({ error: "This issue has no proposal to approve yet", code: "issue.no_proposal" });
    const reject = await suite.admin.post(`/api/issues/${open}/reject`, {});
    expect([reject.status, reject.body]).toEqual([409, { error: "This issue has no proposal to reject yet", code: "issue.no_proposal_to_reject" }]);
    const retry = await suite.admin.post(`/api/issues/${open}/retry`);
    expect([retry.status, retry.body]).toEqual([409, { error: "A proposal is already being prepared", code: "issue.proposal_in_progress" }]);
    const failed = await storedIssue("failed");
    expect((await suite.admin.post(`/api/issues/${failed}/approve`, {})).status).toBe(409);
    const [unchanged] = await suite.rt.ctx.db.select().from(technicalIssues).where(eq(technicalIssues.id, open));
    expect(unchanged).toMatchObject({ status: "open", reviewedBy: null, manualNotes: null });
    expect(await auditOf(open)).toEqual([]);
  });

  it("rejects with notes once; a retry prepares a fresh proposal with a new job", async () => {
    const issue = await untilSettled(suite.admin, (await submitIssue(suite.admin, anIssue("Charts on the KPI screen overlap their legends"))).id);
    const rejected = await suite.admin.post<Issue>(`/api/issues/${issue.id}/reject`, { notes: "Not helpful: the legend lives in kpi-chart.tsx" });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "rejected", manualNotes: "Not helpful: the legend lives in kpi-chart.tsx", reviewedBy: ADMIN.email, approvalTimestamp: null });
    expect((await suite.admin.post(`/api/issues/${issue.id}/reject`, {})).body).toEqual({ error: "This issue is already rejected", code: "issue.already_rejected" });

    const retried = await suite.admin.post<Issue>(`/api/issues/${issue.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: "open", aiRepairLog: null, repairFailure: null, approvalRequested: false });
    const again = await untilSettled(suite.admin, issue.id);
    expect(again.status).toBe("awaiting_review");
    expect(again.aiRepairLog?.timestamp).not.toBe(issue.aiRepairLog?.timestamp);
    // A fresh proposal may also be asked for while one awaits review.
    expect((await suite.admin.post<Issue>(`/api/issues/${issue.id}/retry`)).body.status).toBe("open");
    await untilSettled(suite.admin, issue.id);
    expect((await auditOf(issue.id)).map((a) => a.action)).toEqual(["issue.reported", "issue.rejected", "issue.retry_requested", "issue.retry_requested"]);
  });

  it("lets exactly one of two simultaneous approvals through", async () => {
    const issue = { id: await proposedIssue("Two reviewers approve the same fix at once") };
    const other = suite.rt.client();
    await other.post("/api/auth/login", { email: STAFF.email, password: STAFF.password });
    const answers = await Promise.all([
      suite.admin.post<Issue>(`/api/issues/${issue.id}/approve`, { manualNotes: "admin" }),
      other.post<Issue>(`/api/issues/${issue.id}/approve`, { manualNotes: "staff" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body;
    expect((await suite.admin.get<Issue>(`/api/issues/${issue.id}`)).body).toMatchObject({ reviewedBy: winner.reviewedBy, manualNotes: winner.manualNotes });
    const approvals = await suite.rt.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, "issue.approved"), like(auditLogs.details, `Issue #${issue.id} %`)));
    expect(approvals).toHaveLength(1);
  });

  it("lists newest first with the total in x-total-count, filters by status, and searches descriptions ignoring case and accents", async () => {
    const older = await submitIssue(suite.admin, anIssue("Crème brûlée bakery cannot save its opening hours"));
    const newer = await submitIssue(suite.admin, anIssue("CREME BRULEE bakery logo upload fails"));
    const hits = await suite.admin.get<Issue[]>("/api/issues?q=creme%20br%C3%BBl%C3%A9e");
    expect(hits.body.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect(hits.headers["x-total-count"]).toBe("2");
    const second = await suite.admin.get<Issue[]>("/api/issues?q=Creme%20Brulee&limit=1&offset=1");
    expect(second.body.map((i) => i.id)).toEqual([older.id]);
    expect(second.headers["x-total-count"]).toBe("2");
    expect((await suite.admin.get<Issue[]>("/api/issues?q=100%25")).headers["x-total-count"]).toBe("0");

    const all = await suite.admin.get<Issue[]>("/api/issues?limit=200");
    const created = all.body.map((i) => `${i.createdAt}#${String(i.id).padStart(8, "0")}`);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.headers["x-total-count"]).toBe(String(all.body.length));
    const approved = await suite.admin.get<Issue[]>("/api/issues?status=approved");
    expect(approved.body.length).toBeGreaterThan(0);
    expect(approved.body.every((i) => i.status === "approved")).toBe(true);
    expect(approved.headers["x-total-count"]).toBe(String(approved.body.length));
    await untilSettled(suite.admin, older.id);
    await untilSettled(suite.admin, newer.id);
  });

  it("leaves a decided issue alone when a stale proposal job runs", async () => {
    const [approved] = (await suite.admin.get<Issue[]>("/api/issues?status=approved&limit=1")).body;
    const jobId = await suite.rt.ctx.jobs.send(proposeRepairJob, { issueId: approved!.id });
    let job: { state: string; output: unknown } | null = null;
    for (const deadline = Date.now() + 30_000; job?.state !== "completed" && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await suite.rt.ctx.jobs.getJob(proposeRepairJob, jobId!);
    }
    expect(job).toEqual({ state: "completed", output: { outcome: "skipped", status: "approved" } });
    expect((await suite.admin.get<Issue>(`/api/issues/${approved!.id}`)).body).toEqual(approved);
  });

  it("seeds demo issues in every state that the API answers as they are, once however often it runs", async () => {
    expect(await seedDemoIssues(suite.rt.ctx.db)).toEqual({ issuesAdded: 6 });
    expect(await seedDemoIssues(suite.rt.ctx.db)).toEqual({ issuesAdded: 0 });
    const seeded = await suite.admin.get<Issue[]>("/api/issues?limit=200");
    expect(seeded.status).toBe(200);
    const statuses = new Set(seeded.body.filter((i) => i.reviewedBy === "demo.reviewer@leadwell.example" || i.repairFailure).map((i) => i.status));
    expect([...statuses].sort()).toEqual(["approved", "failed", "rejected"]);
    expect(seeded.body.some((i) => i.status === "awaiting_review" && i.aiRepairLog?.codeDiff.startsWith("--- a/"))).toBe(true);
  });
  it("hides the issues of another agent's lead from an agent limited to their own leads: not listed, 404 by id, and a report links only a lead she may see (issue 26.5)", async () => {
    const db = suite.rt.ctx.db;
    const rita = await signedInWithRole(suite.rt, "agent", { name: "Rita Issues", email: "rita.issues@leadwell.test" });
    const otto = await signedInWithRole(suite.rt, "agent", { name: "Otto Issues", email: "otto.issues@leadwell.test" });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const leadFor = async (n: string, assignee: number | null) => {
      const created = await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Sco", businessOwnerLastName: n, businessName: `Scope ${n}`, email: `scope.${n}@issues.test` });
      await db.execute(sql`UPDATE leads SET assignee_id = ${assignee} WHERE id = ${created.body.id}`);
      return created.body.id;
    };
    const mine = await leadFor("mine", await idOf(rita));
    const theirs = await leadFor("theirs", await idOf(otto));
    const stored = async (leadId: number | null, description: string) => {
      const [row] = await db.insert(technicalIssues).values({ email: "x@example.com", description, leadId, status: "failed" }).returning({ id: technicalIssues.id });
      return row!.id;
    };
    const onTheirs = await stored(theirs, "Scopeissue of theirs");
    const onMine = await stored(mine, "Scopeissue of mine");
    const noLead = await stored(null, "Scopeissue of nobody");
    await db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      const listed = await rita.get<Issue[]>("/api/issues?q=scopeissue");
      expect(listed.body.map((issue) => issue.id).sort((a, b) => a - b)).toEqual([onMine, noLead].sort((a, b) => a - b));
      expect((await rita.get(`/api/issues/${onTheirs}`)).status).toBe(404);
      expect((await rita.get(`/api/issues/${onMine}`)).status).toBe(200);
      expect((await suite.admin.get<Issue[]>("/api/issues?q=scopeissue")).body).toHaveLength(3);
      // A report from another agent's lead's address is stored unlinked for her; from her own lead's, linked.
      expect((await submitIssue(rita, anIssue("Scope report", { email: "scope.theirs@issues.test" }))).leadId).toBeNull();
      expect((await submitIssue(rita, anIssue("Scope report", { email: "scope.mine@issues.test" }))).leadId).toBe(mine);
    } finally {
      await db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
  });
});
