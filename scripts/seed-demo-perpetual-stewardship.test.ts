import { describe, expect, it } from "vitest";
import type { PerpetualStewardshipDashboard } from "@contract/records/perpetual-stewardship";
import { suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { seedDemoRecords } from "./seed-demo-records";

describe.each(testDrivers)("demo Perpetual Stewardship records on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("gives the dashboard believable figures and an improving review trend", async () => {
    await seedDemoRecords(suite.rt.ctx.db);
    const dashboard = (await suite.admin.get<PerpetualStewardshipDashboard>("/api/perpetual-stewardship/dashboard")).body;
    // Packages: 5 of the 7 not archived are ready, delivered or confirmed (71); steward scores average 80; 3 of the 5
    // archives not deprecated are verified (60); transitions (100 + 100 + 66.7 + 33.3 + 0) / 5 = 60; (71 + 80 + 60 + 60) / 4.
    expect(dashboard).toMatchObject({
      perpetual_readiness: 68,
      legacy_preservation: 71,
      stewardship_continuity: 80,
      archive_integrity: 60,
      community_transition_status: 60,
      perpetual_metrics: { system_maturity: 100, total_packages: 8, verified_archives: 3, completed_reviews: 6, active_declarations: 1 },
      current_stewardship: { steward: "Ada Admin", commitment_type: "stewardship", package: { type: "governance", status: "ready" } },
      transition_progress: { progress: 40, active: 2, completed: 2 },
    });
    const reviews = (await suite.admin.get<{ analytics: { review_trends: unknown } }>("/api/legacy-stewardship-reviews")).body;
    expect(reviews.analytics.review_trends).toEqual({ trend: "improving", change: 3 });
  });
});
