import { describe, expect, it } from "vitest";
import type { FinalStewardshipDashboard } from "@contract/records/final-stewardship";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const GB = 1024 ** 3;

/** Each phase of final stewardship, none complete / every one complete. */
const none = { validation: false, audit: false, archival: false, plans: false, statement: false };
const all = { validation: true, audit: true, archival: true, plans: true, statement: true };

describe.each(testDrivers)("Final Stewardship dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post<{ id: number }>(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  };
  const analyticsOf = async (path: string) => (await suite.admin.get<{ analytics: unknown }>(`/api${path}`)).body.analytics;

  it("answers zeros, no reviews and no current validation before any record exists", async () => {
    const res = await suite.admin.get<FinalStewardshipDashboard>("/api/final-stewardship/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stewardship_health: 0,
      system_readiness: 0,
      audit_compliance: 0,
      archival_completeness: 0,
      legacy_preparation: 0,
      completion_metrics: { completion_percentage: 0, total_phases: 5, completed_phases: 0, final_readiness: 0, phases: none },
      upcoming_reviews: [],
      current_validation: null,
    });
    expect(await analyticsOf("/stewardship-validation")).toEqual({
      total_validations: 0,
      certification_rate: 0,
      average_score: 0,
      by_type: {},
      compliance_status: { status: null, issues: 0 },
    });
    expect(await analyticsOf("/legacy-audits")).toEqual({ total_audits: 0, average_score: 0, overdue_actions: 0, by_type: {}, audit_trends: { trend: "no_data", change: 0 } });
  });

  it("computes every figure from the stored records, as worked out by hand", async () => {
    await add("/stewardship-validation", {
      title: "Spring validation",
      validationType: "comprehensive",
      validationDate: utcDay(-200),
      overallScore: 70,
      certificationStatus: "conditional",
      actionItems: ["Document restores", "Name a deputy", "Renew certificates"],
      nextValidationDate: utcDay(-10),
    });
    await add("/stewardship-validation", {
      title: "Autumn validation",
      validationType: "technical",
      validationDate: utcDay(-20),
      overallScore: 85,
      certificationStatus: "certified",
      systemsHealthScore: 90,
      dataIntegrityScore: 80,
      securityScore: 88,
      actionItems: ["Rotate keys"],
      nextValidationDate: utcDay(30),
    });

    const audit = { auditorName: "Kim Lee" };
    await add("/legacy-audits", {
      ...audit,
      title: "Annual legacy audit",
      auditType: "comprehensive",
      auditDate: utcDay(-300),
      auditScore: 72,
      status: "completed",
      criticalFindings: ["No off-site copy"],
      majorFindings: ["Stale runbook", "Unowned domain"],
      actionItems: ["Buy vault space", "Assign the domain"],
      actionsDueDate: utcDay(-30),
    });
    await add("/legacy-audits", { ...audit, title: "Security audit", auditType: "security", auditDate: utcDay(-40), auditScore: 80.5, status: "approved", actionItems: ["Close port"], actionsDueDate: utcDay(10) });
    await add("/legacy-audits", { ...audit, title: "Governance audit", auditType: "governance", auditDate: utcDay(15) });

    await add("/archival-systems", {
      title: "Nightly full backup",
      archivalType: "full_backup",
      status: "verified",
      archivalDate: utcDay(-100),
      archivalSize: 5 * GB,
      storageLocation: "cloud",
      encrypted: true,
      lastVerified: utcDay(-5),
      nextVerificationDate: utcDay(20),
    });
    await add("/archival-systems", { title: "CRM database dump", archivalType: "database", status: "completed", archivalDate: utcDay(-50), archivalSize: GB, storageLocation: "offsite_vault", nextVerificationDate: utcDay(-3) });
    await add("/archival-systems", { title: "Old manuals", archivalType: "documentation", status: "archived", archivalDate: utcDay(-600), archivalSize: 1000, storageLocation: "cold_storage", nextVerificationDate: utcDay(5) });
    await add("/archival-systems", { title: "Source mirror", archivalType: "source_code", status: "in_progress", archivalDate: utcDay(-2), storageLocation: "cloud", nextVerificationDate: utcDay(90) });

    await add("/stewardship-plans", {
      title: "Founder succession",
      planType: "succession",
      status: "active",
      planDate: utcDay(-100),
      nextReviewDate: utcDay(40),
      stewardshipRoles: ["Steward", "Deputy"],
      maintenancePlan: "Quarterly handover drills",
      budgetConsiderations: "Two months of salary reserved",
    });
    await add("/stewardship-plans", { title: "Upkeep", planType: "maintenance", status: "active", planDate: utcDay(-60), maintenancePlan: "Monthly patching" });
    await add("/stewardship-plans", { title: "Governance charter", planType: "governance", planDate: utcDay(-10), nextReviewDate: utcDay(3) });
    await add("/stewardship-plans", { title: "Old budget", planType: "financial", status: "archived", planDate: utcDay(-700), nextReviewDate: utcDay(2) });

    await add("/stewardship-statements", {
      title: "Yearly statement",
      statementType: "yearly",
      publicationStatus: "published",
      publishedDate: utcDay(-90),
      keyAchievements: ["Zero data loss", "All plans reviewed"],
      lessonsLearned: ["Test restores monthly"],
      totalRecipients: 120,
    });
    await add("/stewardship-statements", { title: "Final statement", statementType: "final", keyAchievements: ["Handover"], bestPractices: ["Two stewards", "Vaulted keys"], totalRecipients: 500 });
    await add("/stewardship-statements", {
      title: "Milestone statement",
      statementType: "milestone",
      publicationStatus: "published",
      publishedDate: utcDay(-30),
      keyAchievements: ["Archive verified"],
      lessonsLearned: ["Label the tapes"],
      bestPractices: ["Checksums"],
      totalRecipients: 80,
    });

    // Validations: 1 of 2 certified = 50%; (70 + 85) / 2 = 77.5 → 78; the latest (Autumn) is certified with 1 action item.
    expect(await analyticsOf("/stewardship-validation")).toEqual({
      total_validations: 2,
      certification_rate: 50,
      average_score: 78,
      by_type: { comprehensive: 1, technical: 1 },
      compliance_status: { status: "certified", issues: 1 },
    });
    // Audits: (72 + 80.5) / 2 = 76.25 → 76; the annual audit's 2 actions are past due and unresolved; 72 → 80.5 is +8.5.
    expect(await analyticsOf("/legacy-audits")).toEqual({
      total_audits: 3,
      average_score: 76,
      overdue_actions: 2,
      by_type: { comprehensive: 1, security: 1, governance: 1 },
      audit_trends: { trend: "improving", change: 8.5 },
    });
    // Archives: 5 GB + 1 GB + 1000 bytes; due within 30 days or overdue, not retired: the backup (+20) and the dump (-3).
    expect(await analyticsOf("/archival-systems")).toEqual({
      total_archives: 4,
      total_size: 6 * GB + 1000,
      verified_archives: 1,
      by_type: { full_backup: 1, database: 1, documentation: 1, source_code: 1 },
      storage_locations: { cloud: 2, offsite_vault: 1, cold_storage: 1 },
      upcoming_verifications: 2,
    });
    // Plans: active succession has 4 of 4 parts (100), active upkeep 1 of 4 (25): 62.5 → 63; 2 of 6 areas covered → 33.
    expect(await analyticsOf("/stewardship-plans")).toEqual({
      total_plans: 4,
      active_plans: 2,
      legacy_completeness: 63,
      by_type: { succession: 1, maintenance: 1, governance: 1, financial: 1 },
      stewardship_coverage: { coverage_percentage: 33, covered_areas: ["succession", "maintenance"], missing_areas: ["governance", "financial", "knowledge", "community"] },
    });
    // Statements: published yearly statement documents 2 of 3 kinds (66.7), milestone 3 of 3 (100): 83.3 → 83; reach 120 + 80.
    expect(await analyticsOf("/stewardship-statements")).toEqual({
      total_statements: 3,
      legacy_impact: { impact_score: 83, total_achievements: 4, total_lessons: 2, total_best_practices: 3 },
      distribution_reach: 200,
      by_type: { yearly: 1, final: 1, milestone: 1 },
      publication_status: { published: 2, draft: 1 },
    });

    const res = await suite.admin.get<FinalStewardshipDashboard>("/api/final-stewardship/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // (85 + 76 + 67 + 33) / 4 = 65.25 → 65.
      stewardship_health: 65,
      system_readiness: 85,
      audit_compliance: 76,
      // Not retired: backup (verified), dump (completed), mirror (in progress): 2 of 3 → 67.
      archival_completeness: 67,
      legacy_preparation: 33,
      // Only the validation phase is complete (audit actions overdue, the dump unverified, areas missing, final not published):
      // 1 of 5 = 20%; (65 + 20) / 2 = 42.5 → 43.
      completion_metrics: { completion_percentage: 20, total_phases: 5, completed_phases: 1, final_readiness: 43, phases: { ...none, validation: true } },
      upcoming_reviews: [
        { type: "stewardship", title: "Governance charter", date: utcDay(3), days_remaining: 3 },
        { type: "audit", title: "Governance audit", date: utcDay(15), days_remaining: 15 },
        { type: "verification", title: "Nightly full backup", date: utcDay(20), days_remaining: 20 },
        { type: "validation", title: "Autumn validation", date: utcDay(30), days_remaining: 30 },
        { type: "stewardship", title: "Founder succession", date: utcDay(40), days_remaining: 40 },
      ],
      current_validation: {
        title: "Autumn validation",
        overall_score: 85,
        certification_status: "certified",
        validation_date: utcDay(-20),
        systems_health_score: 90,
        data_integrity_score: 80,
        security_score: 88,
        action_items: 1,
        next_validation_date: utcDay(30),
      },
    });
  });
});

describe.each(testDrivers)("Final Stewardship readiness at its best on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
  };

  it("reaches 100 only when every score is 100 and every phase is complete", async () => {
    await add("/stewardship-validation", { title: "Final validation", validationType: "comprehensive", validationDate: utcDay(-1), overallScore: 100, certificationStatus: "certified" });
    await add("/legacy-audits", { title: "Closing audit", auditType: "governance", auditDate: utcDay(-2), auditorName: "Kim Lee", auditScore: 100, status: "completed" });
    await add("/archival-systems", { title: "Everything", archivalType: "full_backup", status: "verified", archivalDate: utcDay(-3), storageLocation: "offsite_vault" });
    for (const planType of ["succession", "maintenance", "governance", "financial", "knowledge", "community"]) {
      await add("/stewardship-plans", { title: `${planType} plan`, planType, status: "active", planDate: utcDay(-10) });
    }
    // Until the final statement is published, 4 of 5 phases: (100 + 80) / 2 = 90, the star but not the ready message.
    const before = (await suite.admin.get<FinalStewardshipDashboard>("/api/final-stewardship/dashboard")).body;
    expect(before.stewardship_health).toBe(100);
    expect(before.completion_metrics).toEqual({ completion_percentage: 80, total_phases: 5, completed_phases: 4, final_readiness: 90, phases: { ...all, statement: false } });

    await add("/stewardship-statements", { title: "Final statement", statementType: "final", publicationStatus: "published", publishedDate: utcDay(0) });
    const after = (await suite.admin.get<FinalStewardshipDashboard>("/api/final-stewardship/dashboard")).body;
    expect(after.completion_metrics).toEqual({ completion_percentage: 100, total_phases: 5, completed_phases: 5, final_readiness: 100, phases: all });
  });
});
