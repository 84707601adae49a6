import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import type { Affiliate } from "@contract/affiliates";
import type { CreatedApiKey } from "@contract/api-keys";
import type { AiInsights, CommunityAnalytics } from "@contract/integrations";
import type { Lead } from "@contract/leads";
import { automationRuns, automationWorkflows, feedback, npsResponses, tasks, technicalIssues } from "../../db/schema";
import { anIssue, submitIssue, untilSettled } from "../issues/issue-test-helpers";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

describe.each(testDrivers)("AI insights and community analytics on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("answers zeros, and no rate or score, before anything happened", async () => {
    const insights = await suite.admin.get<AiInsights>("/api/ai/insights");
    expect(insights.status).toBe(200);
    expect(insights.body).toEqual({
      acceptanceRate: null,
      proposalsMade: 0,
      proposalsApproved: 0,
      proposalsThisMonth: 0,
      automationsEnabled: 0,
      automationRuns: 0,
      automationRunsFailed: 0,
      automationRunsThisMonth: 0,
      tasksCreatedByAutomations: 0,
      revenueGenerated: "0.00",
      referralConversions: 0,
    });
    const community = await suite.admin.get<CommunityAnalytics>("/api/community/analytics");
    expect(community.body).toEqual({
      feedbackTotal: 0,
      feedbackThisMonth: 0,
      feedbackContributors: 0,
      feedbackByType: [],
      npsResponses: 0,
      npsScore: null,
      promoters: 0,
      passives: 0,
      detractors: 0,
    });
    expect((await suite.rt.client().get("/api/ai/insights")).status).toBe(401);
    expect((await suite.rt.client().get("/api/community/analytics")).status).toBe(401);
  });

  it("rates AI fixes as approved ÷ proposals made, counting this month's by the proposal's date", async () => {
    const issues = [];
    for (const description of ["Export button does nothing", "Totals off by a cent", "Logo blurry on retina", "Search ignores accents", "Dates shown in the wrong zone"]) {
      const issue = await submitIssue(suite.admin, anIssue(description));
      issues.push(await untilSettled(suite.admin, issue.id));
    }
    expect(issues.map((issue) => issue.status)).toEqual(["awaiting_review", "awaiting_review", "awaiting_review", "awaiting_review", "awaiting_review"]);
    // This suite has no model, so each got a list of related fixes; the first four are made proposals of a model, as
    // a configured one would have written them. The fifth stays a list, which proposes no fix and is not counted.
    await suite.rt.ctx.db
      .update(technicalIssues)
      .set({ aiRepairLog: sql`jsonb_set(${technicalIssues.aiRepairLog}, '{source}', '{"kind": "model", "model": "m", "endpoint": null}')` })
      .where(inArray(technicalIssues.id, issues.slice(0, 4).map((issue) => issue.id)));
    expect((await suite.admin.post(`/api/issues/${issues[0]!.id}/approve`, { manualNotes: "Ship it" })).status).toBe(200);
    expect((await suite.admin.post(`/api/issues/${issues[1]!.id}/reject`, { notes: "Wrong file" })).status).toBe(200);
    // A proposal made in an earlier month.
    await suite.rt.ctx.db
      .update(technicalIssues)
      .set({ aiRepairLog: sql`jsonb_set(${technicalIssues.aiRepairLog}, '{timestamp}', '"2020-01-15T10:00:00.000Z"')` })
      .where(eq(technicalIssues.id, issues[3]!.id));
    // An issue reported but without a proposal yet is not a proposal.
    await suite.rt.ctx.db.insert(technicalIssues).values({ email: "someone@example.com", description: "Still open", status: "open" });

    const insights = (await suite.admin.get<AiInsights>("/api/ai/insights")).body;
    expect(insights).toMatchObject({ proposalsMade: 4, proposalsApproved: 1, acceptanceRate: 25, proposalsThisMonth: 3 });
  });

  it("counts automations, their runs and failures, and the tasks they created", async () => {
    const db = suite.rt.ctx.db;
    const workflows = await db
      .insert(automationWorkflows)
      .values([
        { name: "Welcome task", trigger: "new_lead", action: "create_task", config: { title: "Call" }, enabled: true },
        { name: "Old one", trigger: "new_lead", action: "notify", config: {}, enabled: false },
      ])
      .returning();
    const [welcome, old] = workflows;
    await db.insert(automationRuns).values([
      { workflowId: welcome!.id, eventName: "lead.created", outcome: "success", durationMs: 12 },
      { workflowId: welcome!.id, eventName: "lead.created", outcome: "failed", error: "SMTP down", durationMs: 40 },
      { workflowId: old!.id, eventName: "lead.created", outcome: "success", durationMs: 9, createdAt: new Date("2020-03-01T00:00:00Z") },
      { workflowId: old!.id, eventName: "lead.created", outcome: "failed", durationMs: 9, createdAt: new Date("2020-03-01T00:00:00Z") },
    ]);
    await db.insert(tasks).values([
      { title: "Call Acme", createdByAutomationId: welcome!.id },
      // The workflow that made it has since been deleted: still counted.
      { title: "Call Beta", createdByAutomationId: 999_999 },
    ]);
    expect((await suite.admin.post("/api/tasks", { title: "Made by a person" })).status).toBe(201);

    const insights = (await suite.admin.get<AiInsights>("/api/ai/insights")).body;
    expect(insights).toMatchObject({ automationsEnabled: 1, automationRuns: 4, automationRunsFailed: 2, automationRunsThisMonth: 2, tasksCreatedByAutomations: 2 });
  });

  it("attributes the revenue of converted leads that came through a referral", async () => {
    const signup = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name: "Pat", businessName: "Pat Partners", email: "pat@partners.test", password: "secret1" });
    expect(signup.status).toBe(201);
    const lead = async (email: string, referred: boolean) => {
      const res = await suite.admin.post<Lead>("/api/leads", {
        businessOwnerName: "Owner",
        businessOwnerLastName: email,
        businessName: `Shop ${email}`,
        email,
        ...(referred ? { affiliateCode: signup.body.uniqueCode } : {}),
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const referredConverted = await lead("won@shop.test", true);
    await lead("pending@shop.test", true);
    const directConverted = await lead("direct@shop.test", false);
    for (const converted of [referredConverted, directConverted]) {
      expect((await suite.admin.put(`/api/leads/${converted.id}`, { status: "converted" })).status).toBe(200);
    }
    for (const [email, ytdRevenue] of [["won@shop.test", 1500.5], ["pending@shop.test", 999], ["direct@shop.test", 700]] as const) {
      expect((await suite.admin.post("/api/kpi", { email, ytdRevenue, mrr: 10, topProducts: [] })).status).toBeLessThan(300);
    }

    const insights = (await suite.admin.get<AiInsights>("/api/ai/insights")).body;
    expect(insights).toMatchObject({ revenueGenerated: "1500.50", referralConversions: 1 });
  });

  it("sums feedback and computes NPS as % promoters − % detractors", async () => {
    for (const [type, description] of [["Bug", "Crash on save"], ["Bug", "Typo"], ["Feature Request", "Dark mode"]]) {
      expect((await suite.admin.post("/api/feedback", { type, description })).status).toBe(201);
    }
    expect(await suite.admin.post("/api/feedback", { description: "Nice" })).toMatchObject({ status: 201 });
    await suite.rt.ctx.db.insert(feedback).values({ userEmail: "Client@Example.com", type: "General", description: "Old", createdAt: new Date("2021-05-01T00:00:00Z") });
    await suite.rt.ctx.db.insert(npsResponses).values([10, 10, 9, 7, 2, 0, 8, 9].map((score, n) => ({ userEmail: `p${n}@example.com`, score })));

    const key = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Reader", scope: "read" });
    const community = await suite.rt.client().get<CommunityAnalytics>("/api/community/analytics", { authorization: `Bearer ${key.body.key}` });
    expect(community.status).toBe(200);
    // 4 promoters, 2 passives, 2 detractors of 8: 50 % − 25 % = 25.
    expect(community.body).toEqual({
      feedbackTotal: 5,
      feedbackThisMonth: 4,
      feedbackContributors: 2,
      feedbackByType: [
        { type: "Bug", count: 2 },
        { type: "General", count: 2 },
        { type: "Feature Request", count: 1 },
      ],
      npsResponses: 8,
      npsScore: 25,
      promoters: 4,
      passives: 2,
      detractors: 2,
    });

    await suite.rt.ctx.db.insert(npsResponses).values([0, 1, 3].map((score, n) => ({ userEmail: `d${n}@example.com`, score })));
    // 4 promoters and 5 detractors of 11: −9.09 rounds to −9.
    expect((await suite.admin.get<CommunityAnalytics>("/api/community/analytics")).body).toMatchObject({ npsResponses: 11, npsScore: -9, detractors: 5 });
  });
});

describe.each(testDrivers)("AI insights under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("attributes referral revenue and conversions of a restricted agent's own and unassigned leads only", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.insights@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.insights@leadwell.test");
    const signup = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name: "Pia", businessName: "Pia Partners", email: "pia@partners.test", password: "secret1" });
    expect(signup.status).toBe(201);
    // Referred by the partner, all but the other agent's third lead; converted, all but the agent's second.
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) =>
      scopeLeadFields(`insight ${group} ${i}`, group === "others" && i === 2 ? {} : { affiliateCode: signup.body.uniqueCode }),
    );
    const revenue = [[made.own[0]!, 100], [made.own[1]!, 50], [made.unassigned[0]!, 10.5], [made.others[0]!, 1000], [made.others[1]!, 2000], [made.others[2]!, 5000]] as const;
    for (const [lead, ytdRevenue] of revenue) {
      if (lead !== made.own[1]) expect((await suite.admin.put(`/api/leads/${lead.id}`, { status: "converted" })).status).toBe(200);
      expect((await suite.admin.post("/api/kpi", { email: lead.email, ytdRevenue, mrr: 1, topProducts: [] })).status).toBe(200);
    }

    await setLeadAccess(suite.admin, "own");
    expect((await agent.client.get<AiInsights>("/api/ai/insights")).body).toMatchObject({ revenueGenerated: "110.50", referralConversions: 2 });
    expect((await suite.admin.get<AiInsights>("/api/ai/insights")).body).toMatchObject({ revenueGenerated: "3110.50", referralConversions: 4 });
    await setLeadAccess(suite.admin, "all");
    expect((await agent.client.get<AiInsights>("/api/ai/insights")).body).toMatchObject({ revenueGenerated: "3110.50", referralConversions: 4 });
  });
});
