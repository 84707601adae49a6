import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { KpiRecord, KpiTotals } from "@contract/kpi";
import type { Lead } from "@contract/leads";
import { auditLogs } from "../../db/schema";
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

  it("deletes a KPI record after which the lead has none and the totals drop", async () => {
    const [record] = (await suite.admin.get<KpiRecord[]>("/api/kpi")).body;
    expect((await suite.admin.get<KpiRecord>(`/api/kpi/${record!.id}`)).body.email).toBe("kim@leebakery.com");
    expect((await suite.admin.delete(`/api/kpi/${record!.id}`)).body).toEqual({ ok: true });
    expect((await suite.admin.get(`/api/kpi/${record!.id}`)).status).toBe(404);
    expect((await suite.admin.get<Lead>(`/api/leads/${lead.id}`)).body.kpi).toBeNull();
    expect((await suite.admin.get<KpiTotals>("/api/kpi/totals")).body).toEqual({ totalYtd: "0.00", totalMrr: "0.00", leadsWithKpi: 0 });
  });
});
