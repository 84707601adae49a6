import { describe, expect, it } from "vitest";
import type { FutureStewardshipDashboard } from "@contract/records/future-stewardship";
import { suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { seedDemoFutureStewardship } from "./seed-demo-future-stewardship";

describe.each(testDrivers)("demo Future Stewardship records on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("adds every family's demo records once, sealed so the chain verifies, and the dashboard reads believable figures", async () => {
    expect(await seedDemoFutureStewardship(suite.rt.ctx.db)).toEqual({ added: 29, familiesSkipped: 0 });
    expect(await seedDemoFutureStewardship(suite.rt.ctx.db)).toEqual({ added: 0, familiesSkipped: 5 });

    const dashboard = (await suite.admin.get<FutureStewardshipDashboard>("/api/future-stewardship/dashboard")).body;
    expect(dashboard.immutable_verification).toBe(100);
    // Published and ratified reach: 48,000 + 12,500 + 7,800.
    expect(dashboard.global_impact_metrics).toMatchObject({ total_records: 10, ethical_reviews: 6, succession_plans: 5, perpetuity_declarations: 5, global_reach: 68_300 });
    expect(dashboard.current_charter?.title).toBe("Leadwell stewardship charter");
    expect(dashboard.upcoming_reviews.length).toBe(5);
    expect(dashboard.recent_records.every((record) => record.verified)).toBe(true);
    const charters = (await suite.admin.get<{ analytics: Record<string, number> }>("/api/legacy-charters")).body;
    // The active charter fills all six parts and names five of the six stewardship areas (not community).
    expect(charters.analytics).toMatchObject({ charter_completeness: 100, stewardship_coverage: 83 });
  });
});
