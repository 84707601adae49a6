import { describe, expect, it } from "vitest";
import type { PerpetualInnovationDashboard } from "@contract/records/perpetual-innovation";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const thisYear = new Date().getUTCFullYear();
const inThisYear = (offsetDays: number) => utcDay(offsetDays).startsWith(String(thisYear));

describe.each(testDrivers)("Perpetual Innovation dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
  };
  const analyticsOf = async (path: string) => {
    const res = await suite.admin.get<{ analytics: unknown }>(`/api${path}`);
    expect(res.status).toBe(200);
    return res.body.analytics;
  };

  it("answers zeros, empty lists and nothing scheduled before any record exists", async () => {
    const res = await suite.admin.get<PerpetualInnovationDashboard>("/api/perpetual-innovation/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      innovation_health: 0,
      succession_readiness: 0,
      community_legacy_status: 0,
      sustainability_score: 0,
      project_maturity: 0,
      upcoming_reviews: [],
      legacy_impact: { quantified_impact: "0.00", preservation_score: 0 },
      innovation_timeline: { next_refresh: null, scheduled_refreshes: 0, overdue_refreshes: 0 },
    });
    expect(await analyticsOf("/tech-refresh")).toEqual({
      innovation_score: 0,
      prototype_success_rate: 0,
      technology_debt: { level: null, count: 0, deprecated: 0, at_risk: 0 },
      innovation_velocity: 0,
      prototypes_this_year: 0,
      total_reviews: 0,
    });
    expect(await analyticsOf("/project-legacy")).toMatchObject({ legacy_value: "0.00", impact_summary: { impact_areas: [] } });
  });

  it("computes every figure from the stored records, as worked out by hand", async () => {
    const review = (title: string, reviewType: string, status: string, offset: number, extra: Record<string, unknown> = {}) =>
      add("/tech-refresh", { title, reviewType, status, reviewDate: utcDay(offset), ...extra });
    await review("Stack review", "annual", "completed", -500, {
      innovationScore: 50, prototypesBuilt: 4, prototypesSuccessful: 1, technologyDebt: "high", debtIssues: 30, deprecatedTechnologies: 5, atRiskTechnologies: 3, innovationOpportunities: ["a", "b"],
    });
    await review("Quarterly review", "quarterly", "completed", -100, {
      innovationScore: 70, prototypesBuilt: 3, prototypesSuccessful: 2, technologyDebt: "medium", debtIssues: 12, deprecatedTechnologies: 2, atRiskTechnologies: 1, innovationOpportunities: ["x", "y", "z"],
    });
    await review("Security review", "security", "completed", -20, { innovationScore: 81, innovationOpportunities: ["w"] });
    await review("Dropped architecture review", "architecture", "cancelled", -10, { innovationScore: 10, prototypesBuilt: 5, prototypesSuccessful: 5, innovationOpportunities: ["n1", "n2"] });
    await review("Next quarterly", "quarterly", "planning", 12);
    await review("Dependency audit", "dependency_audit", "in_progress", -3);

    const handover = (title: string, packageType: string, completionStatus: string | undefined, documentation: boolean, offset: number | null) =>
      add("/handover-packages", { title, packageType, completionStatus, targetAudience: "Successor team", documentation, handoverDate: offset === null ? undefined : utcDay(offset) });
    await handover("Runbooks", "technical", "completed", true, -30);
    await handover("Support rota", "operational", "ready", false, 5);
    await handover("Contracts", "business", "ready", true, 20);
    await handover("Old platform", "technical", "cancelled", true, 8);
    await handover("Board seats", "governance", undefined, false, null);

    const legacy = (title: string, legacyType: string, status: string | undefined, stakeholderReach: number, offset: number | null) =>
      add("/community-legacy", { title, legacyType, status, stakeholderReach, transitionDate: offset === null ? undefined : utcDay(offset), licenseType: "MIT" });
    await legacy("CSV library", "open_source", "completed", 1000, -60);
    await legacy("Report builder", "open_source", "in_progress", 500, 15);
    await legacy("Foundation", "foundation_transfer", "announced", 200, 40);
    await legacy("Course", "education", "cancelled", 9999, 3);
    await legacy("Anonymised data", "data_donation", undefined, 0, null);

    const plan = (title: string, planType: string, status: string, safeguards: [boolean, boolean, boolean], budget: string | null, offset: number | null) =>
      add("/sunset-evergreen", {
        title, planType, status, maintenancePlan: safeguards[0], supportStructure: safeguards[1], securityPlan: safeguards[2],
        budgetAllocation: budget ?? undefined, endOfLifeDate: offset === null ? undefined : utcDay(offset),
      });
    await plan("Core CRM", "evergreen", "active", [true, true, true], "12000.50", null);
    await plan("Legacy API", "sunset", "active", [true, false, false], "3000", 30);
    await plan("Old mobile app", "sunset", "completed", [false, false, false], "500.25", -100);
    await plan("Dropped migration", "migration", "cancelled", [true, true, true], "99999", 2);
    await plan("Fax gateway", "maintenance_mode", "draft", [false, false, true], null, 10);

    const report = (title: string, reportType: string, publicationStatus: string | undefined, lists: [string[], string[], string[]], impact: string | null, offset: number | null) =>
      add("/project-legacy", {
        title, reportType, publicationStatus, achievements: lists[0], lessonsLearned: lists[1], impactAreas: lists[2],
        quantifiedImpact: impact ?? undefined, publishDate: offset === null ? undefined : utcDay(offset),
      });
    await report("Annual report", "annual", "public", [["a1", "a2", "a3"], ["l1"], ["education", "open source"]], "250000", -300);
    await report("Impact study", "impact", "internal", [["b1"], [], ["open source", "security"]], "50000.50", -50);
    await report("Final report", "final", undefined, [[], ["c1", "c2"], ["open source"]], null, null);
    await report("Retrospective", "retrospective", "archived", [["d1"], ["d2"], ["security"]], "1000", -700);

    // Completed reviews in the last 365 days: (70 + 81) / 2 = 75.5 → 76. Not cancelled: 3 of 7 prototypes succeeded → 43.
    // The latest completed review that assessed its debt is the quarterly one (the security review did not).
    // Opportunities in the last 365 days, not cancelled: 3 + 1.
    expect(await analyticsOf("/tech-refresh")).toEqual({
      innovation_score: 76,
      prototype_success_rate: 43,
      technology_debt: { level: "medium", count: 12, deprecated: 2, at_risk: 1 },
      innovation_velocity: 4,
      prototypes_this_year: (inThisYear(-500) ? 4 : 0) + (inThisYear(-100) ? 3 : 0),
      total_reviews: 6,
    });
    // Not cancelled: 4; ready or completed with documentation: Runbooks, Contracts → 50.
    expect(await analyticsOf("/handover-packages")).toEqual({
      readiness_score: 50,
      total_packages: 5,
      documented_packages: 3,
      by_type: { technical: 2, operational: 1, business: 1, governance: 1 },
      by_status: { completed: 1, ready: 2, cancelled: 1, draft: 1 },
    });
    // Not cancelled: completed 3/3, in progress 2/3, announced 1/3, planning 0 → (100 + 66.7 + 33.3 + 0) / 4 = 50.
    expect(await analyticsOf("/community-legacy")).toEqual({
      community_impact: { open_source_initiatives: 2, stakeholder_reach: 1700 },
      legacy_status: 50,
      by_type: { open_source: 2, foundation_transfer: 1, education: 1, data_donation: 1 },
      transition_timeline: { next_transition: utcDay(15), pending_transitions: 3, completed_transitions: 1 },
      total_plans: 5,
    });
    // Not cancelled: 3 + 1 + 0 + 1 = 5 safeguards of 12 → 41.7 → 42; budgets 12000.50 + 3000 + 500.25.
    expect(await analyticsOf("/sunset-evergreen")).toEqual({
      sustainability_score: 42,
      budget_allocation: "15500.75",
      by_type: { evergreen: 1, sunset: 2, migration: 1, maintenance_mode: 1 },
      active_maintenance: 2,
      scheduled_sunsets: 1,
      total_plans: 5,
    });
    // Lessons in 3 of 4 reports → 75; published (internal or public) 2 of the 3 not archived → 67.
    expect(await analyticsOf("/project-legacy")).toEqual({
      legacy_value: "301000.50",
      knowledge_preservation: 9,
      preservation_score: 75,
      impact_summary: { total_achievements: 5, lessons_documented: 4, impact_areas: ["open source", "security", "education"] },
      public_reports: 1,
      published_share: 67,
      total_reports: 4,
    });

    const res = await suite.admin.get<PerpetualInnovationDashboard>("/api/perpetual-innovation/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      innovation_health: 76,
      succession_readiness: 50,
      community_legacy_status: 50,
      sustainability_score: 42,
      project_maturity: 67,
      // Today or later, open only, by date; the cancelled package (8 days) and plan (2 days) are left out; 5 at most.
      upcoming_reviews: [
        { type: "handover", title: "Support rota", date: utcDay(5), days_remaining: 5 },
        { type: "end_of_life", title: "Fax gateway", date: utcDay(10), days_remaining: 10 },
        { type: "tech_refresh", title: "Next quarterly", date: utcDay(12), days_remaining: 12 },
        { type: "transition", title: "Report builder", date: utcDay(15), days_remaining: 15 },
        { type: "handover", title: "Contracts", date: utcDay(20), days_remaining: 20 },
      ],
      legacy_impact: { quantified_impact: "301000.50", preservation_score: 75 },
      // Open reviews: the planned one in 12 days and the audit still in progress 3 days after its date.
      innovation_timeline: { next_refresh: utcDay(12), scheduled_refreshes: 1, overdue_refreshes: 1 },
    });
  });

  it("keeps a score within 100 when a review counts more successes than prototypes, and sums budgets past one budget's 12 digits", async () => {
    await add("/tech-refresh", { title: "Miscounted", reviewType: "annual", status: "completed", reviewDate: utcDay(-400), prototypesBuilt: 1, prototypesSuccessful: 5 });
    // Successes count at most the prototypes built: (3 + 1) / (7 + 1) = 50%.
    expect(await analyticsOf("/tech-refresh")).toMatchObject({ prototype_success_rate: 50 });
    for (const title of ["Big plan A", "Big plan B"]) await add("/sunset-evergreen", { title, planType: "evergreen", status: "active", budgetAllocation: "999999999999.99" });
    // 15500.75 + 2 × 999999999999.99.
    expect(await analyticsOf("/sunset-evergreen")).toMatchObject({ budget_allocation: "2000000015500.73" });
  });
});
