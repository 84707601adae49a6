import { describe, expect, it } from "vitest";
import type { BusinessHealthDashboard } from "@contract/records/business-health";
import type { InnovationDashboard } from "@contract/records/innovation";
import { suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { seedDemoRecords } from "./seed-demo-records";

describe.each(testDrivers)("demo Business Health and succession records on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("adds every family's demo records once, and the dashboard reads believable figures from them", async () => {
    expect(await seedDemoRecords(suite.rt.ctx.db)).toEqual({ added: 169, familiesSkipped: 0 });
    expect(await seedDemoRecords(suite.rt.ctx.db)).toEqual({ added: 0, familiesSkipped: 27 });

    const dashboard = (await suite.admin.get<BusinessHealthDashboard>("/api/business-health/dashboard")).body;
    // The latest review: (79 + 78 + 71) / 3 = 76.
    expect(dashboard.overall_health_score).toBe(76);
    expect(dashboard.risk_summary).toEqual({ critical_risks: 1, active_risks: 5 });
    expect(dashboard.community_impact).toEqual({ total_reach: 8880, total_engagements: 6 });
    expect(dashboard.next_reviews.length).toBe(5);
    expect(dashboard.current_health.technicalHealth?.security_score).toBe(89);

    const documents = (await suite.admin.get<{ documents: { title: string }[]; analytics: { overdue_documents: number } }>("/api/succession/documentation")).body;
    expect(documents.documents[0]!.title).toBe("Bank, payroll and tax access");
    expect(documents.analytics.overdue_documents).toBe(1);
    const reviews = (await suite.admin.get<{ analytics: { improvement_trends: Record<string, string> } }>("/api/evergreen-reviews")).body;
    expect(reviews.analytics.improvement_trends).toEqual({ business: "improving", technical: "improving", community: "improving" });

    const innovation = (await suite.admin.get<InnovationDashboard>("/api/innovation/dashboard")).body;
    // 14 technologies, 5 in adopt: 35.7 → 36 %; the radar lists the 10 most recently moved.
    expect(innovation.tech_radar).toEqual({ total: 14, adopt: 5, trial: 4, assess: 3, hold: 2, adoption_rate: 36 });
    expect(innovation.technologies.length).toBe(10);
    // Within 30 days: PCI audit (12), FTP sunset (18), AI repair experiment end (20), SOC 2 Type II (26).
    expect(innovation.upcoming_deadlines.map((deadline) => deadline.days_remaining)).toEqual([12, 18, 20, 26]);
    expect(innovation.compliance).toEqual({ total_audits: 7, pass_rate: 67, overdue_audits: 1, open_findings: 6 });
  });
});
