import { describe, expect, it } from "vitest";
import type { DashboardStats } from "@contract/dashboard";
import type { Lead } from "@contract/leads";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
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

describe.each(testDrivers)("dashboard under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("shows a restricted agent only their own and unassigned leads' figures, an administrator every lead's", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.dash@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.dash@leadwell.test");
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) => scopeLeadFields(`dash ${group} ${i}`));
    // One own and one of the other agent's converted; KPI revenue on an own, the unassigned and another's lead.
    for (const lead of [made.own[0]!, made.others[0]!]) expect((await suite.admin.put(`/api/leads/${lead.id}`, { status: "converted" })).status).toBe(200);
    for (const [lead, ytdRevenue, mrr] of [[made.own[0]!, 100.25, 10], [made.unassigned[0]!, 50, 5.5], [made.others[1]!, 1000, 100]] as const) {
      expect((await suite.admin.post("/api/kpi", { email: lead.email, ytdRevenue, mrr, topProducts: [] })).status).toBe(200);
    }
    // The unassigned lead and one of the other agent's were created long before the weekly chart.
    await suite.rt.ctx.database.executeSql("UPDATE leads SET created_at = now() - interval '200 days' WHERE id = ANY($1::int[])", [
      `{${made.unassigned[0]!.id},${made.others[2]!.id}}`,
    ]);
    const byStatus = (stats: DashboardStats) => Object.fromEntries(stats.leadsByStatus.map((s) => [s.status, s.count]));
    const weekly = (stats: DashboardStats) => stats.leadsPerWeek.reduce((sum, w) => sum + w.count, 0);

    await setLeadAccess(suite.admin, "own");
    const mine = (await agent.client.get<DashboardStats>("/api/dashboard")).body;
    expect(mine).toMatchObject({ ytd: "150.25", mrr: "15.50", totalLeads: 3 });
    expect(byStatus(mine)).toEqual({ new: 2, contacted: 0, qualified: 0, converted: 1, lost: 0 });
    expect(mine.leadsPerWeek).toHaveLength(12);
    expect(weekly(mine)).toBe(2);
    expect(mine.leadsPerWeek.at(-1)?.count).toBe(2);

    const everyone = (await suite.admin.get<DashboardStats>("/api/dashboard")).body;
    expect(everyone).toMatchObject({ ytd: "1150.25", mrr: "115.50", totalLeads: 6 });
    expect(byStatus(everyone)).toEqual({ new: 4, contacted: 0, qualified: 0, converted: 2, lost: 0 });
    expect(weekly(everyone)).toBe(4);
    // The weeks are the same ones whoever asks.
    expect(mine.leadsPerWeek.map((w) => w.weekStart)).toEqual(everyone.leadsPerWeek.map((w) => w.weekStart));

    await setLeadAccess(suite.admin, "all");
    expect((await agent.client.get<DashboardStats>("/api/dashboard")).body).toEqual(everyone);
  });
});
