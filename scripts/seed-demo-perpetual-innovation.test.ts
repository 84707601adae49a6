import { describe, expect, it } from "vitest";
import type { PerpetualInnovationDashboard } from "@contract/records/perpetual-innovation";
import { suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { perpetualInnovationBatches } from "./seed-demo-perpetual-innovation";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(testDrivers)("demo Perpetual Innovation records on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("give the dashboard believable figures: mid-range scores, an overdue review, upcoming handovers", async () => {
    for (const [table, rows] of perpetualInnovationBatches(new Date())) await suite.rt.ctx.db.insert(table).values(rows as never[]);
    const dashboard = (await suite.admin.get<PerpetualInnovationDashboard>("/api/perpetual-innovation/dashboard")).body;
    expect(dashboard).toMatchObject({
      // Completed reviews of the last year: (68 + 72 + 75 + 79) / 4 = 73.5 → 74.
      innovation_health: 74,
      // 4 of 6 packages ready or completed with their documentation.
      succession_readiness: 67,
      // (3 + 3 + 2 + 1 + 0) / 3 / 5 = 60%.
      community_legacy_status: 60,
      // 9 of 15 safeguards.
      sustainability_score: 60,
      // 3 of 4 reports published.
      project_maturity: 75,
      legacy_impact: { quantified_impact: "155000.00", preservation_score: 75 },
      innovation_timeline: { next_refresh: utcDay(21), scheduled_refreshes: 2, overdue_refreshes: 1 },
    });
    expect(dashboard.upcoming_reviews.map((review) => review.type)).toEqual(["handover", "tech_refresh", "handover", "transition", "handover"]);
    const reviews = (await suite.admin.get<{ analytics: { technology_debt: unknown } }>("/api/tech-refresh")).body;
    expect(reviews.analytics.technology_debt).toEqual({ level: "low", count: 12, deprecated: 1, at_risk: 1 });
  });
});
