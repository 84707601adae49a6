import { describe, expect, it } from "vitest";
import type { DashboardStats } from "@contract/dashboard";
import type { Lead } from "@contract/leads";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

describe.each(testDrivers)("dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("starts at zero with twelve empty weeks", async () => {
    const stats = (await suite.admin.get<DashboardStats>("/api/dashboard")).body;
    expect(stats).toMatchObject({ ytd: "0.00", mrr: "0.00", totalLeads: 0, activeAffiliates: 0 });
    expect(stats.leadsPerWeek).toHaveLength(12);
    expect(stats.leadsPerWeek.every((w) => w.count === 0)).toBe(true);
    expect(stats.leadsByStatus.map((s) => s.status)).toEqual(["new", "contacted", "qualified", "converted", "lost"]);
  });

  it("sums revenue and counts leads by status and by week, following every change", async () => {
    const make = (n: number) => ({ businessOwnerName: "A", businessOwnerLastName: `B${n}`, businessName: `Shop ${n}`, email: `shop${n}@example.com` });
    const leads: Lead[] = [];
    for (let n = 0; n < 3; n++) leads.push((await suite.admin.post<Lead>("/api/leads", make(n))).body);
    await suite.admin.put(`/api/leads/${leads[0]!.id}`, { status: "converted" });
    await suite.admin.post("/api/kpi", { email: "shop0@example.com", ytdRevenue: 1500.5, mrr: 200, topProducts: [] });
    await suite.admin.post("/api/kpi", { email: "shop1@example.com", ytdRevenue: 499.5, mrr: 50.25, topProducts: [] });
    // Leads created long ago fall outside the weekly chart.
    await suite.rt.ctx.database.executeSql("UPDATE leads SET created_at = now() - interval '200 days' WHERE email = 'shop2@example.com'");

    const stats = (await suite.admin.get<DashboardStats>("/api/dashboard")).body;
    expect(stats).toMatchObject({ ytd: "2000.00", mrr: "250.25", totalLeads: 3 });
    expect(stats.leadsByStatus).toEqual([
      { status: "new", count: 2 },
      { status: "contacted", count: 0 },
      { status: "qualified", count: 0 },
      { status: "converted", count: 1 },
      { status: "lost", count: 0 },
    ]);
    expect(stats.leadsPerWeek.at(-1)?.count).toBe(2);
    expect(stats.leadsPerWeek.reduce((sum, w) => sum + w.count, 0)).toBe(2);
    expect(new Date(`${stats.leadsPerWeek.at(-1)!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);

    await suite.admin.delete(`/api/leads/${leads[0]!.id}`);
    expect((await suite.admin.get<DashboardStats>("/api/dashboard")).body).toMatchObject({ ytd: "499.50", mrr: "50.25", totalLeads: 2 });
  });
});
