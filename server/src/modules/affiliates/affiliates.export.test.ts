import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Affiliate } from "@contract/affiliates";
import { csvDownload } from "../../test/csv-download";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const HEADER = ["ID", "Name", "Business", "Email", "Code", "Status", "Referrals", "Commission earned", "Commission per conversion", "Joined"];

describe.each(testDrivers)("affiliates CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("answers 401 JSON when signed out", async () => {
    const res = await suite.rt.client().get("/api/affiliates/export.csv");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: "request.unauthorized" });
  });

  it("sends the header row only when there are no affiliates", async () => {
    expect(csvDownload(await suite.admin.get("/api/affiliates/export.csv"), "affiliates")).toEqual([HEADER]);
  });

  it("exports the status filter's affiliates newest first, accents intact and formula-like text guarded, never a password", async () => {
    const signUp = async (name: string, businessName: string, email: string) =>
      (await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name, businessName, email, password: "secret1" })).body;
    const accented = await signUp("Zoë Ñandú", "Ñandú & Asociados, S.L.", "zoe@partners.test");
    const formula = await signUp("=cmd|' /C calc'!A0", "Formula Ltd", "formula@partners.test");
    await suite.admin.put(`/api/affiliates/${formula.id}`, { status: "suspended" });

    const all = csvDownload(await suite.admin.get("/api/affiliates/export.csv"), "affiliates");
    expect(all.slice(1).map((r) => r.slice(0, 8))).toEqual([
      [String(formula.id), "'=cmd|' /C calc'!A0", "Formula Ltd", "formula@partners.test", formula.uniqueCode, "suspended", "0", "0.00"],
      [String(accented.id), "Zoë Ñandú", "Ñandú & Asociados, S.L.", "zoe@partners.test", accented.uniqueCode, "active", "0", "0.00"],
    ]);
    const active = csvDownload(await suite.admin.get("/api/affiliates/export.csv?status=active"), "affiliates");
    expect(active.slice(1).map((r) => r[0])).toEqual([String(accented.id)]);
    const pending = csvDownload(await suite.admin.get("/api/affiliates/export.csv?status=pending"), "affiliates");
    expect(pending).toEqual([HEADER]);
    expect((await suite.admin.get("/api/affiliates/export.csv")).text).not.toMatch(/scrypt|\$argon|secret1/);
  });

  it("refuses a bad filter with 400 JSON naming it, before any CSV is sent", async () => {
    const res = await suite.admin.get("/api/affiliates/export.csv?status=gone");
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ fields: { status: expect.any(String) } });
    expect((await suite.admin.get("/api/affiliates/export.csv?sort=name")).status).toBe(400);
  });

  it("exports more than 100,000 affiliates: the old in-memory cap is gone", async () => {
    await suite.rt.ctx.db.execute(sql`
      INSERT INTO affiliates (name, business_name, email, password_hash, unique_code, status)
      SELECT 'Bulk ' || n, 'Bulk Business', 'bulk' || n || '@partners.test', 'x', 'BULK' || n, 'pending' FROM generate_series(1, 100001) AS n`);
    const rows = csvDownload(await suite.admin.get("/api/affiliates/export.csv?status=pending"), "affiliates").slice(1);
    expect(rows).toHaveLength(100_001);
    expect(new Set(rows.map((r) => r[0])).size).toBe(100_001);
  }, 120_000);
});
