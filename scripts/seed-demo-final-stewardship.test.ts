import { describe, expect, it } from "vitest";
import type { FinalStewardshipDashboard } from "@contract/records/final-stewardship";
import { suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { seedDemoRecords } from "./seed-demo-records";

describe.each(testDrivers)("demo Final Stewardship records on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("gives the dashboard believable figures: a certified validation, overdue audit actions, phases still open", async () => {
    await seedDemoRecords(suite.rt.ctx.db);
    const dashboard = (await suite.admin.get<FinalStewardshipDashboard>("/api/final-stewardship/dashboard")).body;
    expect(dashboard).toMatchObject({
      system_readiness: 92,
      // (61 + 68 + 74 + 79 + 84) / 5 = 73.2.
      audit_compliance: 73,
      // 5 of the 6 archives not retired are completed or verified.
      archival_completeness: 83,
      // Succession, maintenance, governance and financial have an active plan: 4 of 6.
      legacy_preparation: 67,
      // (92 + 73 + 83 + 67) / 4 = 78.75.
      stewardship_health: 79,
      completion_metrics: { completion_percentage: 20, total_phases: 5, completed_phases: 1, final_readiness: 50 },
      current_validation: { title: "Comprehensive pre-handover validation", certification_status: "certified", action_items: 2 },
    });
    expect(dashboard.upcoming_reviews.map((review) => [review.type, review.days_remaining])).toEqual([
      ["verification", 7],
      ["stewardship", 10],
      ["stewardship", 14],
      ["audit", 21],
      ["verification", 27],
    ]);
    const audits = (await suite.admin.get<{ analytics: { overdue_actions: number; audit_trends: unknown } }>("/api/legacy-audits")).body.analytics;
    expect(audits.overdue_actions).toBe(2);
    expect(audits.audit_trends).toEqual({ trend: "improving", change: 5 });
    const archives = (await suite.admin.get<{ analytics: { upcoming_verifications: number } }>("/api/archival-systems")).body.analytics;
    expect(archives.upcoming_verifications).toBe(3);
  });
});
