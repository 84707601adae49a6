import { describe, expect, it } from "vitest";
import type { BusinessHealthDashboard } from "@contract/records/business-health";
import type { Lead } from "@contract/leads";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const thisYear = new Date().getUTCFullYear();

describe.each(testDrivers)("Business Health dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
  };

  it("answers zeros, no lists and no entered health before any record exists", async () => {
    const res = await suite.admin.get<BusinessHealthDashboard>("/api/business-health/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      overall_health_score: 0,
      risk_summary: { critical_risks: 0, active_risks: 0 },
      community_impact: { total_reach: 0, total_engagements: 0 },
      incident_preparedness: { average_response_time: 0, simulations_this_year: 0 },
      next_reviews: [],
      legacy_progress: { active_plans: 0, completed_goals: 0, next_milestones: [] },
      current_health: { snapshot_date: null, financialHealth: null, technicalHealth: null, operationalHealth: { churn_rate: null, uptime: null, support_volume: 0 } },
    });
  });

  it("computes every figure from the stored records, as worked out by hand", async () => {
    const risk = { mitigation: "Plan", owner: "Ada", category: "financial" };
    await add("/risk-register", { ...risk, risk: "Cash crunch", likelihood: "critical", impact: "medium", nextReviewDate: utcDay(3) });
    await add("/risk-register", { ...risk, risk: "Key supplier", category: "operational", likelihood: "low", impact: "high", nextReviewDate: utcDay(10) });
    await add("/risk-register", { ...risk, risk: "Old issue", likelihood: "critical", impact: "critical", status: "mitigated", nextReviewDate: utcDay(1) });

    await add("/incident-simulations", { scenario: "Outage A", scenarioType: "service_outage", status: "completed", simulationDate: `${thisYear - 1}-06-01`, responseTime: 40, effectiveness: 6 });
    await add("/incident-simulations", { scenario: "Outage B", scenarioType: "service_outage", status: "completed", simulationDate: utcDay(-2), responseTime: 20, effectiveness: 8.5 });
    await add("/incident-simulations", { scenario: "Drill C", scenarioType: "data_loss", status: "planning", simulationDate: utcDay(5) });

    await add("/community-engagement", { title: "Meetup", engagementType: "event", reach: 120, date: utcDay(-30), impact: "Good" });
    await add("/community-engagement", { title: "Library", engagementType: "open_source", reach: 880, date: utcDay(-10), impact: "Stars" });

    await add("/legacy-planning", { title: "Handbook", planType: "documentation", status: "active", progress: 40, goalsAchieved: 3, nextMilestone: "Chapter 2", milestoneDate: utcDay(7) });
    await add("/legacy-planning", { title: "Successor", planType: "succession", status: "completed", progress: 100, goalsAchieved: 5 });
    await add("/legacy-planning", { title: "Dropped", planType: "financial", status: "cancelled", progress: 0, goalsAchieved: 0, nextMilestone: "Never", milestoneDate: utcDay(2) });

    await add("/evergreen-reviews", { title: "Q1", reviewType: "quarterly", reviewDate: utcDay(-120), businessHealth: 70, technicalHealth: 80, communityHealth: 60 });
    await add("/evergreen-reviews", { title: "Q2", reviewType: "quarterly", reviewDate: utcDay(-30), businessHealth: 80, technicalHealth: 75, communityHealth: 62, nextReviewDate: utcDay(60) });

    await add("/business-health/snapshots", { snapshotDate: utcDay(-40), revenueGrowth: 5, profitability: 10, runwayMonths: 12, monthlyExpenses: "1000", churnRate: 3, uptime: 99, performance: 90, errorRate: 1, securityScore: 80, technicalDebt: "high" });
    await add("/business-health/snapshots", { snapshotDate: utcDay(-5), revenueGrowth: 12.5, profitability: 18, runwayMonths: 20, monthlyExpenses: "42000.50", churnRate: 2.1, uptime: 99.95, performance: 93, errorRate: 0.4, securityScore: 88, technicalDebt: "medium" });
    await suite.admin.post("/api/feedback", { type: "Bug", description: "Slow page" });

    const res = await suite.admin.get<BusinessHealthDashboard>("/api/business-health/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // The latest review (Q2): (80 + 75 + 62) / 3 = 72.33 → 72.
      overall_health_score: 72,
      // Active only: Cash crunch (likelihood critical) is critical; Key supplier is not.
      risk_summary: { critical_risks: 1, active_risks: 2 },
      community_impact: { total_reach: 1000, total_engagements: 2 },
      // (40 + 20) / 2 = 30; Outage B and Drill C are dated this year (Outage A last year).
      incident_preparedness: { average_response_time: 30, simulations_this_year: 2 },
      next_reviews: [
        { type: "risk", title: "Cash crunch", date: utcDay(3), days_remaining: 3 },
        { type: "simulation", title: "Drill C", date: utcDay(5), days_remaining: 5 },
        { type: "risk", title: "Key supplier", date: utcDay(10), days_remaining: 10 },
        { type: "quarterly", title: "Q2", date: utcDay(60), days_remaining: 60 },
      ],
      // Cancelled and completed plans have no next milestone; 3 + 5 + 0 goals.
      legacy_progress: { active_plans: 1, completed_goals: 8, next_milestones: [{ milestone: "Chapter 2", date: utcDay(7) }] },
      current_health: {
        snapshot_date: utcDay(-5),
        measurement_date: null,
        financialHealth: { revenue_growth: 12.5, profitability: 18, runway_months: 20, monthly_expenses: "42000.50" },
        // No lead was created in either window: growth 0; one feedback in the last 30 days.
        operationalHealth: { user_growth: 0, churn_rate: 2.1, support_volume: 1, uptime: 99.95 },
        technicalHealth: { performance: 93, error_rate: 0.4, security_score: 88, technical_debt: "medium" },
        measured: ["user_growth", "support_volume"],
      },
    });
  });

  it("answers each family's analytics beside its list, as worked out by hand", async () => {
    const risks = await suite.admin.get<{ analytics: unknown }>("/api/risk-register?status=active");
    expect(risks.body.analytics).toEqual({ total_risks: 3, active_risks: 2, high_priority_risks: 2, critical_risks: 1, by_category: { financial: 1, operational: 1 } });
    const simulations = await suite.admin.get<{ analytics: unknown }>("/api/incident-simulations");
    // Latest two with a response time: 40 then 20 (faster: improving); effectiveness 6 then 8.5 (improving).
    expect(simulations.body.analytics).toEqual({
      average_response_time: 30,
      average_effectiveness: 7.3,
      improvement_trends: { response_time: "improving", effectiveness: "improving" },
      simulations_this_year: 2,
      total_simulations: 3,
    });
    const community = await suite.admin.get<{ analytics: unknown }>("/api/community-engagement");
    expect(community.body.analytics).toEqual({ total_reach: 1000, total_engagement: 2, by_type: { event: 1, open_source: 1 } });
    const legacy = await suite.admin.get<{ analytics: unknown }>("/api/legacy-planning");
    // Not cancelled: (40 + 100) / 2 = 70.
    expect(legacy.body.analytics).toEqual({ overall_progress: 70, total_plans: 3, active_plans: 1, completed_goals: 8, by_type: { documentation: 1, succession: 1, financial: 1 } });
    const reviews = await suite.admin.get<{ analytics: unknown }>("/api/evergreen-reviews");
    // (70 + 80) / 2 = 75; (80 + 75) / 2 = 77.5 → 78; (60 + 62) / 2 = 61. Q1 → Q2: up, down, up.
    expect(reviews.body.analytics).toEqual({
      average_business_health: 75,
      average_technical_health: 78,
      average_community_health: 61,
      improvement_trends: { business: "improving", technical: "declining", community: "improving" },
      next_review_due: utcDay(60),
      total_reviews: 2,
    });
  });
});

describe.each(testDrivers)("Business Health lead growth under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("measures a restricted agent's lead growth over their own and unassigned leads, an administrator's over every lead", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.health@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.health@leadwell.test");
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) => scopeLeadFields(`health ${group} ${i}`));
    // The agent's two leads are recent; the unassigned one and the other agent's three came 31 to 60 days ago.
    await suite.rt.ctx.database.executeSql("UPDATE leads SET created_at = now() - interval '40 days' WHERE id = ANY($1::int[])", [
      `{${[...made.unassigned, ...made.others].map((l) => l.id).join(",")}}`,
    ]);
    const growth = async (client: typeof suite.admin) =>
      (await client.get<BusinessHealthDashboard>("/api/business-health/dashboard")).body.current_health.operationalHealth.user_growth;

    await setLeadAccess(suite.admin, "own");
    // 2 recent against 1 before: +100%; every lead: 2 against 4, -50%.
    expect(await growth(agent.client)).toBe(100);
    expect(await growth(suite.admin)).toBe(-50);
    await setLeadAccess(suite.admin, "all");
    expect(await growth(agent.client)).toBe(-50);
  });
});
