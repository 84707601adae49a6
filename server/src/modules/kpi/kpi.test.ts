import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { KpiRecord, KpiTotals, LeadKpi } from "@contract/kpi";
import type { Lead } from "@contract/leads";
import { auditLogs } from "../../db/schema";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const product = { name: "Widget", totalSales: 120, averageRevenue: 49.5, totalRevenue: 5940, profitMargin: 32.5 };

describe.each(testDrivers)("KPI metrics on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let lead: Lead;

  it("answers the spec's messages for a malformed sync, naming the fields", async () => {
    lead = (await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Kim", businessOwnerLastName: "Lee", businessName: "Lee Bakery", email: "kim@leebakery.com" })).body;
    const res = await suite.admin.post("/api/kpi", {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { email: "Valid email is required", ytdRevenue: "YTD Revenue is required", mrr: "MRR is required", topProducts: "Top Products data is required" },
    });
    const badProduct = await suite.admin.post("/api/kpi", { email: lead.email, ytdRevenue: 1, mrr: 1, topProducts: [{ ...product, totalSales: "many" }] });
    expect(badProduct.body).toMatchObject({ fields: { "topProducts.0.totalSales": "totalSales must be a number" } });
    const tooPrecise = await suite.admin.post("/api/kpi", { email: lead.email, ytdRevenue: 1.234, mrr: 1, topProducts: [] });
    expect(tooPrecise.body).toMatchObject({ fields: { ytdRevenue: "Please enter a valid number (at most 2 decimals)" } });
  });

  it("answers 404 naming the email when no lead has it", async () => {
    const res = await suite.admin.post("/api/kpi", { email: "nobody@example.com", ytdRevenue: 1, mrr: 1, topProducts: [] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: "No lead with this email",
      code: "kpi.no_lead_with_email",
      fields: { email: "No lead with this email" },
      fieldCodes: { email: { code: "kpi.no_lead_with_email" } },
    });
  });

  it("creates, then updates, the lead's one KPI record, with exact money and totals", async () => {
    const created = await suite.admin.post<KpiRecord>("/api/kpi", { email: "KIM@leebakery.com", ytdRevenue: 125000.1, mrr: "9999.99", topProducts: [product] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ leadId: lead.id, businessName: "Lee Bakery", ytdRevenue: "125000.10", mrr: "9999.99", topProducts: [product] });
    const updated = await suite.admin.post<KpiRecord>("/api/kpi", { email: lead.email, ytdRevenue: 0.3, mrr: 0.1, topProducts: [] });
    expect(updated.body).toMatchObject({ id: created.body.id, ytdRevenue: "0.30", mrr: "0.10", topProducts: [] });
    expect((await suite.admin.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "0.30", totalMrr: "0.10", leadsWithKpi: 1 });
    expect((await suite.admin.get<Lead>(`/api/leads/${lead.id}`)).body.kpi).toMatchObject({ ytdRevenue: "0.30", mrr: "0.10" });
    const list = await suite.admin.get<KpiRecord[]>("/api/kpi");
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.body.map((r) => r.email)).toEqual(["kim@leebakery.com"]);
    const audits = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "kpi.sync"));
    expect(audits).toHaveLength(2);
  });

  it("answers a lead's KPI record for its page: the record, null without one, 404 for no such lead", async () => {
    const withKpi = await suite.admin.get<LeadKpi>(`/api/leads/${lead.id}/kpi`);
    expect(withKpi.status).toBe(200);
    expect(withKpi.body.record).toMatchObject({ leadId: lead.id, businessName: "Lee Bakery", ytdRevenue: "0.30", mrr: "0.10", topProducts: [] });
    const bare = (await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "No", businessOwnerLastName: "Figures", businessName: "No Figures Ltd", email: "no@figures.test" })).body;
    expect((await suite.admin.get<LeadKpi>(`/api/leads/${bare.id}/kpi`)).body).toEqual({ record: null });
    const unknown = await suite.admin.get<{ code: string }>("/api/leads/99999999/kpi");
    expect([unknown.status, unknown.body.code]).toEqual([404, "lead.not_found"]);
    expect((await suite.admin.get<{ fields: Record<string, string> }>("/api/leads/abc/kpi")).status).toBe(400);
    expect((await suite.admin.delete(`/api/leads/${bare.id}`)).status).toBe(200);
  });

  it("deletes a KPI record after which the lead has none and the totals drop", async () => {
    const [record] = (await suite.admin.get<KpiRecord[]>("/api/kpi")).body;
    expect((await suite.admin.get<KpiRecord>(`/api/kpi/${record!.id}`)).body.email).toBe("kim@leebakery.com");
    expect((await suite.admin.delete(`/api/kpi/${record!.id}`)).body).toEqual({ ok: true });
    expect((await suite.admin.get(`/api/kpi/${record!.id}`)).status).toBe(404);
    expect((await suite.admin.get<Lead>(`/api/leads/${lead.id}`)).body.kpi).toBeNull();
    expect((await suite.admin.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "0.00", totalMrr: "0.00", leadsWithKpi: 0 });
  });
});

describe.each(testDrivers)("KPI metrics under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("keeps a restricted agent's KPI table, totals, syncs and deletes to their own and unassigned leads", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.kpi@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.kpi@leadwell.test");
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) => scopeLeadFields(`kpi ${group} ${i}`));
    const revenue = new Map<Lead, number>([
      [made.own[0]!, 100],
      [made.own[1]!, 20.5],
      [made.unassigned[0]!, 3],
      [made.others[0]!, 1000],
      [made.others[1]!, 2000],
      [made.others[2]!, 4000],
    ]);
    const recordOf = new Map<Lead, KpiRecord>();
    for (const [lead, ytdRevenue] of revenue) {
      const synced = await suite.admin.post<KpiRecord>("/api/kpi", { email: lead.email, ytdRevenue, mrr: ytdRevenue / 10, topProducts: [] });
      expect(synced.status).toBe(200);
      recordOf.set(lead, synced.body);
    }
    const visible = [...made.own, ...made.unassigned];
    const emails = (records: KpiRecord[]) => records.map((r) => r.email).sort();

    await setLeadAccess(suite.admin, "own");
    const list = await agent.client.get<KpiRecord[]>("/api/kpi");
    expect(list.headers["x-total-count"]).toBe("3");
    expect(emails(list.body)).toEqual(visible.map((l) => l.email).sort());
    expect((await agent.client.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "123.50", totalMrr: "12.35", leadsWithKpi: 3 });
    expect((await agent.client.get<KpiRecord>(`/api/kpi/${recordOf.get(made.unassigned[0]!)!.id}`)).status).toBe(200);

    // Another agent's lead's record: not found, not synced, not deleted, exactly as an unknown one.
    const theirs = recordOf.get(made.others[0]!)!;
    const unknown = await agent.client.get(`/api/kpi/999999`);
    const hidden = await agent.client.get(`/api/kpi/${theirs.id}`);
    expect([hidden.status, hidden.body]).toEqual([404, unknown.body]);
    const sync = await agent.client.post("/api/kpi", { email: made.others[0]!.email, ytdRevenue: 1, mrr: 1, topProducts: [] });
    const syncUnknown = await agent.client.post("/api/kpi", { email: "nobody.kpi@example.test", ytdRevenue: 1, mrr: 1, topProducts: [] });
    expect([sync.status, sync.body]).toEqual([404, syncUnknown.body]);
    const removal = await agent.client.delete(`/api/kpi/${theirs.id}`);
    expect([removal.status, removal.body]).toEqual([404, (await agent.client.delete("/api/kpi/999999")).body]);
    expect((await suite.admin.get<KpiRecord>(`/api/kpi/${theirs.id}`)).body).toMatchObject({ ytdRevenue: "1000.00", mrr: "100.00" });

    // Their own and the unassigned lead's, they sync and delete as before.
    expect((await agent.client.post<KpiRecord>("/api/kpi", { email: made.unassigned[0]!.email, ytdRevenue: 7, mrr: 0.7, topProducts: [] })).body).toMatchObject({ ytdRevenue: "7.00" });
    expect((await agent.client.delete(`/api/kpi/${recordOf.get(made.own[1]!)!.id}`)).body).toEqual({ ok: true });
    expect((await agent.client.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "107.00", totalMrr: "10.70", leadsWithKpi: 2 });

    const all = await suite.admin.get<KpiRecord[]>("/api/kpi");
    expect(all.headers["x-total-count"]).toBe("5");
    expect((await suite.admin.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "7107.00", totalMrr: "710.70", leadsWithKpi: 5 });

    await setLeadAccess(suite.admin, "all");
    const unrestricted = await agent.client.get<KpiRecord[]>("/api/kpi");
    expect([unrestricted.headers["x-total-count"], emails(unrestricted.body)]).toEqual(["5", emails(all.body)]);
    expect((await agent.client.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "7107.00", totalMrr: "710.70", leadsWithKpi: 5 });
  });
});
