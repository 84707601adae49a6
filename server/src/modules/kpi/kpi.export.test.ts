import { describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import { csvDownload } from "../../test/csv-download";
import { suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const HEADER = ["ID", "Lead ID", "Business", "Email", "YTD revenue", "MRR", "Top products", "Updated"];
const product = (name: string) => ({ name, totalSales: 1, averageRevenue: 1, totalRevenue: 1, profitMargin: 10 });

async function leadWithKpi(client: TestClient, businessName: string, email: string, ytdRevenue: number, products: string[]) {
  const lead = (await client.post<Lead>("/api/leads", { businessOwnerName: "Kim", businessOwnerLastName: "Lee", businessName, email })).body;
  const synced = await client.post("/api/kpi", { email, ytdRevenue, mrr: 10, topProducts: products.map(product) });
  if (synced.status !== 200) throw new Error(`KPI sync failed: ${synced.status} ${synced.text}`);
  return lead;
}

describe.each(testDrivers)("KPI CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("answers 401 JSON when signed out", async () => {
    const res = await suite.rt.client().get("/api/kpi/export.csv");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: "request.unauthorized" });
  });

  it("sends the header row only when no lead has KPI data", async () => {
    await suite.admin.post("/api/leads", { businessOwnerName: "No", businessOwnerLastName: "Kpi", businessName: "No KPI Ltd", email: "nokpi@example.com" });
    expect(csvDownload(await suite.admin.get("/api/kpi/export.csv"), "kpi-records")).toEqual([HEADER]);
  });

  it("exports every KPI record, most recently updated first, accents intact and formula-like text guarded", async () => {
    const bakery = await leadWithKpi(suite.admin, "Panadería Núñez", "nunez@example.es", 125000.1, ["Pan dulce", "Café"]);
    const formula = await leadWithKpi(suite.admin, "@SUM(1+1)*cmd", "formula@example.com", 5, []);
    const rows = csvDownload(await suite.admin.get("/api/kpi/export.csv"), "kpi-records");
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r.slice(1, 7))).toEqual([
      [String(formula.id), "'@SUM(1+1)*cmd", "formula@example.com", "5.00", "10.00", ""],
      [String(bakery.id), "Panadería Núñez", "nunez@example.es", "125000.10", "10.00", "Pan dulce; Café"],
    ]);
    expect(rows[1]![7]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // Updating a record moves it to the top, as on the Recent KPI Updates list.
    await suite.admin.post("/api/kpi", { email: "nunez@example.es", ytdRevenue: 1, mrr: 1, topProducts: [] });
    const reordered = csvDownload(await suite.admin.get("/api/kpi/export.csv"), "kpi-records");
    expect(reordered.slice(1).map((r) => r[1])).toEqual([String(bakery.id), String(formula.id)]);
  });

  it("refuses a filter it does not know with 400 JSON, before any CSV is sent", async () => {
    const res = await suite.admin.get("/api/kpi/export.csv?q=bakery");
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ error: expect.stringContaining("q") });
  });
});
