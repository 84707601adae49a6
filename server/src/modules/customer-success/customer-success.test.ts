import { randomBytes } from "node:crypto";
import { eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { npsLabel, riskLevelFor, type EngagementReply, type NpsAnalytics, type NpsResponse, type OnboardingAnalytics, type RenewalAnalytics, type RetentionReply } from "@contract/customer-success";
import { auditLogs, npsResponses, sessions, users } from "../../db/schema";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
/** Noon UTC on the 1st of the month `back` months before the current one (always in the past). */
function monthStart(back: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 12));
}
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

describe("the NPS label and risk level cut-offs", () => {
  it("labels 50 and above Excellent, 0 to 49 Good, below 0 Needs Improvement", () => {
    expect([npsLabel(100), npsLabel(50), npsLabel(49), npsLabel(0), npsLabel(-1), npsLabel(-100)]).toEqual([
      "excellent",
      "excellent",
      "good",
      "good",
      "needs_improvement",
      "needs_improvement",
    ]);
  });

  it("bands engagement scores: 70+ low, 40–69 medium, 20–39 high, below 20 critical", () => {
    expect([100, 70, 69, 40, 39, 20, 19, 0].map(riskLevelFor)).toEqual(["low", "low", "medium", "medium", "high", "high", "critical", "critical"]);
  });
});

describe.each(testDrivers)("Customer Success on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const nps = async () => {
    const res = await suite.admin.get<NpsAnalytics>("/api/nps/analytics");
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const answer = async (score: number, feedback?: string) => {
    const res = await suite.admin.post<NpsResponse>("/api/nps", { score, feedback });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const clearNps = () => suite.rt.ctx.db.delete(npsResponses);

  it("answers NPS 0 and no trend or comments before any answer", async () => {
    expect(await nps()).toEqual({ total_responses: 0, promoters: 0, passives: 0, detractors: 0, nps_score: 0, label: "good", trend: [], latest_comments: [] });
  });

  it("refuses an answer without a whole score from 0 to 10 or with feedback over 2000 characters", async () => {
    for (const body of [{}, { score: 11 }, { score: -1 }, { score: 5.5 }, { score: "7" }, { score: 7, feedback: "x".repeat(2001) }]) {
      const res = await suite.admin.post("/api/nps", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty("code");
    }
    expect((await nps()).total_responses).toBe(0);
  });

  it("records an answer under the signed-in user's email, milestone by default; a viewer may not answer", async () => {
    const created = await suite.admin.post<NpsResponse>("/api/nps", { score: 9, feedback: "  Great  ", userEmail: "someone@else.test", campaignId: "q4" });
    expect(created.body).toMatchObject({ userEmail: ADMIN.email, score: 9, feedback: "Great", campaignId: "q4", surveyType: "milestone" });
    // The campaign and survey type sent are kept with the answer.
    const typed = await suite.admin.post<NpsResponse>("/api/nps", { score: 6, feedback: null, campaignId: "test_nps_survey", surveyType: "onboarding" });
    expect(typed.status, typed.text).toBe(201);
    const [stored] = await suite.rt.ctx.db.select().from(npsResponses).where(eq(npsResponses.id, typed.body.id));
    expect(stored).toMatchObject({ userEmail: ADMIN.email, score: 6, feedback: null, campaignId: "test_nps_survey", surveyType: "onboarding" });
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Agnes Agent", email: "agnes@leadwell.test" });
    expect((await agent.post("/api/nps", { score: 3, feedback: null })).status).toBe(201);
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vic Viewer", email: "vic@leadwell.test" });
    expect((await viewer.post("/api/nps", { score: 10 })).status).toBe(403);
    expect((await viewer.get("/api/nps/analytics")).status).toBe(200);
    await clearNps();
  });

  it("scores all passives 0 (Good) and all detractors −100 (Needs Improvement)", async () => {
    for (const score of [7, 8, 7]) await answer(score);
    expect(await nps()).toMatchObject({ total_responses: 3, promoters: 0, passives: 3, detractors: 0, nps_score: 0, label: "good" });
    await clearNps();
    for (const score of [0, 6, 3]) await answer(score);
    expect(await nps()).toMatchObject({ total_responses: 3, promoters: 0, passives: 0, detractors: 3, nps_score: -100, label: "needs_improvement" });
    await clearNps();
  });

  it("computes a mix by hand: passives count in the denominator; trend by month; the 5 newest comments", async () => {
    // 10, 9, 9 promoters; 8, 7 passives; 6, 3 detractors: (3 − 2) / 7 = 14.29% → 14.
    const scores = [10, 9, 9, 8, 7, 6, 3];
    for (const [index, score] of scores.entries()) await answer(score, index === 1 ? undefined : `comment ${index}`);
    // An answer two months back, one from two years back (outside the 12-month trend).
    await suite.rt.ctx.db.insert(npsResponses).values([
      { userEmail: "old@x.test", score: 10, createdAt: monthStart(2) },
      { userEmail: "older@x.test", score: 0, createdAt: monthStart(24) },
    ]);
    const figures = await nps();
    // 9 answers: promoters 4 (10, 9, 9, 10), passives 2, detractors 3 (6, 3, 0): (4 − 3) / 9 = 11.1 → 11.
    expect(figures).toMatchObject({ total_responses: 9, promoters: 4, passives: 2, detractors: 3, nps_score: 11, label: "good" });
    expect(figures.trend).toEqual([
      { month: monthKey(monthStart(2)), responses: 1, nps_score: 100 },
      { month: monthKey(new Date()), responses: 7, nps_score: 14 },
    ]);
    expect(figures.latest_comments.map((c) => c.feedback)).toEqual(["comment 6", "comment 5", "comment 4", "comment 3", "comment 2"]);
    await clearNps();
    // Half away from zero: 1 promoter, 7 passives → 12.5 → 13.
    for (const score of [10, 7, 7, 7, 7, 7, 7, 7]) await answer(score);
    expect((await nps()).nps_score).toBe(13);
    await clearNps();
  });

  it("derives onboarding steps and computes the completion rate and drop-off per step", async () => {
    const put = async (email: string, completedSteps: number[]) => {
      const res = await suite.admin.put(`/api/onboarding/${encodeURIComponent(email)}`, { completedSteps });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    expect(await put("new@acme.test", [])).toMatchObject({ userEmail: "new@acme.test", currentStep: 1, totalSteps: 5, completedSteps: [], isCompleted: false });
    expect(await put("Half@Acme.test", [2, 1, 9])).toMatchObject({ userEmail: "half@acme.test", currentStep: 3, completedSteps: [1, 2], isCompleted: false });
    await put("done@acme.test", [1, 2]);
    expect(await put("done@acme.test", [1, 2, 3, 4, 5])).toMatchObject({ currentStep: 5, isCompleted: true });
    expect((await suite.admin.put("/api/onboarding/not-an-email", { completedSteps: [] })).status).toBe(400);
    const res = await suite.admin.get<OnboardingAnalytics>("/api/onboarding/analytics");
    // 3 accounts, 1 completed: 33%. Step 1: all 3 reached, "new" stopped (33%); step 3: "half" and "done" reached, "half" stopped (50%).
    expect(res.body).toMatchObject({
      total_accounts: 3,
      completed: 1,
      completion_rate: 33,
      steps: [
        { step: 1, reached: 3, stopped: 1, drop_off: 33 },
        { step: 2, reached: 2, stopped: 0, drop_off: 0 },
        { step: 3, reached: 2, stopped: 1, drop_off: 50 },
        { step: 4, reached: 1, stopped: 0, drop_off: 0 },
        { step: 5, reached: 1, stopped: 0, drop_off: 0 },
      ],
    });
    expect(res.body.accounts).toHaveLength(3);
  });

  it("advances a lead's onboarding from real events: its first KPI sync (step 2) and a completed task about it (step 3)", async () => {
    const lead = await suite.admin.post<{ id: number; email: string }>("/api/leads", {
      businessOwnerName: "Kim",
      businessOwnerLastName: "Lee",
      businessName: "Lee Bakery",
      email: "Kim@LeeBakery.example",
    });
    expect(lead.status, lead.text).toBe(201);
    const account = async () => (await suite.admin.get<OnboardingAnalytics>("/api/onboarding/analytics")).body.accounts.find((a) => a.userEmail === "kim@leebakery.example");
    const sync = await suite.admin.post("/api/kpi", { email: "kim@leebakery.example", ytdRevenue: 1200, mrr: 100, topProducts: [] });
    expect(sync.status, sync.text).toBe(200);
    await expect.poll(async () => (await account())?.completedSteps, { timeout: 10_000 }).toEqual([2]);
    expect(await account()).toMatchObject({ currentStep: 1, isCompleted: false });

    const task = await suite.admin.post<{ id: number }>("/api/tasks", { title: "Welcome call with Kim", leadId: lead.body.id });
    expect(task.status, task.text).toBe(201);
    expect((await suite.admin.put(`/api/tasks/${task.body.id}`, { status: "completed" })).status).toBe(200);
    await expect.poll(async () => (await account())?.completedSteps, { timeout: 10_000 }).toEqual([2, 3]);
    // By hand, step 1: the current step moves to the first still open, 4.
    expect((await suite.admin.put("/api/onboarding/kim@leebakery.example", { completedSteps: [1, 2, 3] })).body).toMatchObject({ currentStep: 4 });
  });

  it("sums renewals and lists the next 3 pending offers; reviews answer at the spec's list path", async () => {
    const offer = async (body: Record<string, unknown>) => {
      const res = await suite.admin.post("/api/renewal-upsell", { userEmail: "buyer@acme.test", type: "renewal", ...body });
      expect(res.status, res.text).toBe(201);
    };
    await offer({ revenue: "100.00", expiryDate: utcDay(10) });
    await offer({ revenue: "50.50", expiryDate: utcDay(5), type: "upsell" });
    await offer({ revenue: "10" });
    await offer({ revenue: "20", expiryDate: utcDay(30) });
    await offer({ revenue: "200", status: "accepted" });
    await offer({ revenue: "30", status: "declined" });
    const res = await suite.admin.get<RenewalAnalytics>("/api/renewal-upsell/analytics");
    expect(res.body).toMatchObject({ total_offers: 6, pending_offers: 4, pending_revenue: 180.5, revenue_generated: 200, acceptance_rate: 50 });
    expect(res.body.upcoming_renewals.map((o) => o.revenue)).toEqual([50.5, 100, 20]);

    const review = await suite.admin.post("/api/business-reviews", {
      accountName: "Acme",
      reviewType: "quarterly",
      reviewDate: utcDay(-10),
      actionItems: ["Train the new team", "Enable SSO"],
      attendees: ["CEO"],
    });
    expect(review.status, review.text).toBe(201);
    const list = await suite.admin.get<{ reviews: unknown[]; total: number; analytics: Record<string, unknown> }>("/api/business-review/list");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, analytics: { total_reviews: 1, reviews_last_90_days: 1, action_items: 2, by_type: { quarterly: 1 } } });
    expect(list.body.reviews).toHaveLength(1);
  });

  it("scores engagement from sign-ins and audited actions and builds retention cohorts by first active month", async () => {
    const db = suite.rt.ctx.db;
    const person = async (name: string) => {
      const [row] = await db.insert(users).values({ name, email: `${name.toLowerCase()}@staff.test` }).returning();
      return row!.id;
    };
    const signIn = (userId: number, createdAt: Date) =>
      db.insert(sessions).values({ tokenHash: randomBytes(32).toString("hex"), userId, createdAt, expiresAt: new Date(Date.now() + DAY), lastSeenAt: createdAt });
    const act = (userId: number, action: string, createdAt: Date) => db.insert(auditLogs).values({ userId, action, createdAt });

    // Gail: last sign-in 3 days ago, 5 active days, 3 areas (auth does not count): 36 + 10 + 12 = 58, medium.
    const gail = await person("Gail");
    for (const days of [3, 4, 5, 6, 7]) await signIn(gail, daysAgo(days));
    for (const action of ["auth.login", "lead.create", "task.update", "kpi.sync"]) await act(gail, action, daysAgo(3));
    // Jo: signed in now, 20 active days, 6 areas: 40 + 40 + 20 = 100, low.
    const jo = await person("Jo");
    for (let days = 0; days < 22; days += 1) await signIn(jo, daysAgo(days));
    for (const action of ["lead.create", "task.create", "kpi.sync", "issue.reported", "pipeline.stage_create", "webhook.create"]) await act(jo, action, daysAgo(1));
    // Ian: last sign-in 40 days ago, nothing since: 0, critical. Hal: never signed in: 0, critical.
    const ian = await person("Ian");
    await signIn(ian, daysAgo(40));
    await person("Hal");

    const engagement = await suite.admin.get<EngagementReply>("/api/engagement/users");
    expect(engagement.status, engagement.text).toBe(200);
    const byEmail = new Map(engagement.body.users.map((u) => [u.userEmail, u]));
    expect(byEmail.get("gail@staff.test")).toMatchObject({ engagementScore: 58, riskLevel: "medium", loginCount: 5, activeDays: 5, featureAreas: 3 });
    expect(byEmail.get("jo@staff.test")).toMatchObject({ engagementScore: 100, riskLevel: "low", activeDays: 22, featureAreas: 6 });
    expect(byEmail.get("ian@staff.test")).toMatchObject({ engagementScore: 0, riskLevel: "critical", loginCount: 0 });
    expect(byEmail.get("hal@staff.test")).toMatchObject({ engagementScore: 0, riskLevel: "critical", lastLogin: null });
    expect(engagement.body.at_risk).toBe(engagement.body.users.filter((u) => u.riskLevel === "high" || u.riskLevel === "critical").length);
    expect(engagement.body.at_risk).toBeGreaterThanOrEqual(2);
    // The spec names the analytics' counts per level risk_distribution; by_risk carries the same.
    const perLevel = Object.fromEntries(
      (["low", "medium", "high", "critical"] as const).map((level) => [level, engagement.body.users.filter((u) => u.riskLevel === level).length]),
    );
    expect(engagement.body.risk_distribution).toEqual(perLevel);
    expect(engagement.body.by_risk).toEqual(perLevel);
    expect(engagement.body.risk_distribution.critical).toBeGreaterThanOrEqual(2);

    // Retention: wipe the activity above and lay out a hand-computed table.
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    await db.delete(sessions).where(ne(sessions.userId, admin!.id));
    await db.delete(auditLogs);
    const [a, b, c, d, e, f] = await Promise.all(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"].map(person));
    // Cohort M−2: Ann, Ben, Cat, Dan (4). M−1: Ann, Ben active (50%). M: Ann, Cat active (50%).
    for (const id of [a!, b!, c!, d!]) await signIn(id, monthStart(2));
    await signIn(a!, monthStart(1));
    await act(b!, "lead.create", monthStart(1));
    await act(a!, "task.create", monthStart(0));
    await signIn(c!, monthStart(0));
    // Cohort M−1: Eve, Fay (2). M: Eve active (50%).
    await signIn(e!, monthStart(1));
    await signIn(f!, monthStart(1));
    await signIn(e!, monthStart(0));
    const cohorts = await suite.admin.get<RetentionReply>("/api/retention/cohorts");
    expect(cohorts.status, cohorts.text).toBe(200);
    // The administrator's own session (started now) is this month's cohort of 1.
    expect(cohorts.body.cohorts).toEqual([
      { cohort: monthKey(monthStart(2)), size: 4, retention: [100, 50, 50] },
      { cohort: monthKey(monthStart(1)), size: 2, retention: [100, 50] },
      { cohort: monthKey(monthStart(0)), size: 1, retention: [100] },
    ]);
  });
});
