import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Affiliate, AffiliateDetail, Referral, ReferralStats } from "@contract/affiliates";
import type { CreatedLead } from "@contract/leads";
import { affiliateReferrals } from "../../db/schema";
import { csvDownload } from "../../test/csv-download";
import { signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const HEADER = ["ID", "Referred", "Affiliate", "Affiliate code", "Lead ID", "Lead", "Business", "Lead email", "Lead status", "Source", "Commission", "Commission status"];

describe.each(testDrivers)("referrals CSV export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  async function signUp(name: string, email: string) {
    const res = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name, businessName: `${name} Partners`, email, password: "secret1" });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    return res.body;
  }

  async function referredLead(affiliate: Affiliate, first: string, last: string, businessName: string, email: string) {
    const res = await suite.admin.post<CreatedLead>("/api/leads", { businessOwnerName: first, businessOwnerLastName: last, businessName, email, affiliateCode: affiliate.uniqueCode });
    if (res.status !== 201 || !res.body.attribution?.attributed) throw new Error(`referral failed: ${res.status} ${res.text}`);
    return res.body;
  }

  it("answers 401 JSON when signed out", async () => {
    const res = await suite.rt.client().get("/api/referrals/export.csv");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: "request.unauthorized" });
  });

  it("sends the header row only when there are no referrals", async () => {
    expect(csvDownload(await suite.admin.get("/api/referrals/export.csv"), "referrals")).toEqual([HEADER]);
  });

  it("exports the referrals the screen's affiliate and since filters match, newest first, accents intact and formula-like text guarded", async () => {
    const maria = await signUp("María José", "maria@partners.test");
    const bob = await signUp("Bob", "bob@partners.test");
    const accented = await referredLead(maria, "José", "Núñez", "Panadería Núñez", "jose@nunez.es");
    const formula = await referredLead(maria, "Eve", "Hacker", "-2+3+cmd|' /C calc'!A0", "eve@example.com");
    const bobs = await referredLead(bob, "Ben", "Old", "Old Referral Ltd", "ben@example.com");
    await suite.admin.put(`/api/leads/${accented.id}`, { status: "converted" });
    // Bob's referral was made long ago: the since filter leaves it out.
    await suite.rt.ctx.db.update(affiliateReferrals).set({ referredAt: sql`'2025-01-10T12:00:00Z'::timestamptz` }).where(eq(affiliateReferrals.leadId, bobs.id));

    const all = csvDownload(await suite.admin.get("/api/referrals/export.csv"), "referrals");
    expect(all[0]).toEqual(HEADER);
    expect(all.slice(1).map((r) => r[4])).toEqual([String(formula.id), String(accented.id), String(bobs.id)]);
    const [formulaRow, accentedRow, bobRow] = all.slice(1);
    expect(accentedRow!.slice(2)).toEqual([
      "María José", maria.uniqueCode, String(accented.id), "José Núñez", "Panadería Núñez", "jose@nunez.es", "converted", "code", "500.00", "pending",
    ]);
    expect(formulaRow!.slice(5, 9)).toEqual(["Eve Hacker", "'-2+3+cmd|' /C calc'!A0", "eve@example.com", "new"]);
    expect(formulaRow!.slice(10)).toEqual(["", ""]);
    expect(bobRow![1]).toBe("2025-01-10T12:00:00.000Z");

    const marias = csvDownload(await suite.admin.get(`/api/referrals/export.csv?affiliateId=${maria.id}`), "referrals");
    expect(marias.slice(1).map((r) => r[4])).toEqual([String(formula.id), String(accented.id)]);
    const recent = csvDownload(await suite.admin.get("/api/referrals/export.csv?since=2025-06-01"), "referrals");
    expect(recent.slice(1).map((r) => r[4])).toEqual([String(formula.id), String(accented.id)]);
    const bobsRecent = csvDownload(await suite.admin.get(`/api/referrals/export.csv?affiliateId=${bob.id}&since=2025-06-01`), "referrals");
    expect(bobsRecent).toEqual([HEADER]);
    // Recent Referrals shows the first rows of the same list.
    const listed = await suite.admin.get<Referral[]>(`/api/referrals?affiliateId=${maria.id}&since=2025-06-01`);
    expect(listed.body.map((r) => String(r.leadId))).toEqual(marias.slice(1).map((r) => r[4]));
  });

  it("refuses a bad filter with 400 JSON naming it, before any CSV is sent", async () => {
    for (const [query, field] of [
      ["since=2026-02-30", "since"],
      ["since=yesterday", "since"],
      ["affiliateId=abc", "affiliateId"],
      ["affiliateId=99999999999", "affiliateId"],
    ] as const) {
      const res = await suite.admin.get(`/api/referrals/export.csv?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body, query).toMatchObject({ fields: { [field]: expect.any(String) } });
    }
    const paged = await suite.admin.get("/api/referrals/export.csv?limit=5");
    expect(paged.status).toBe(400);
  });
  it("leaves another agent's leads out of the referrals list, figures and an affiliate's referrals and commissions for an agent limited to their own leads (issue 26.5)", async () => {
    const db = suite.rt.ctx.db;
    const rita = await signedInWithRole(suite.rt, "agent", { name: "Rita Referrals", email: "rita.referrals@leadwell.test" });
    const otto = await signedInWithRole(suite.rt, "agent", { name: "Otto Referrals", email: "otto.referrals@leadwell.test" });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const partner = await signUp("Scope Partner", "scope.partner@partners.test");
    const mine = await referredLead(partner, "Mia", "Mine", "Scope Mine Ltd", "scope.mine@referrals.test");
    const theirs = await referredLead(partner, "Theo", "Theirs", "Scope Theirs Ltd", "scope.theirs@referrals.test");
    const free = await referredLead(partner, "Fran", "Free", "Scope Free Ltd", "scope.free@referrals.test");
    await db.execute(sql`UPDATE leads SET assignee_id = ${await idOf(rita)} WHERE id = ${mine.id}`);
    await db.execute(sql`UPDATE leads SET assignee_id = ${await idOf(otto)} WHERE id = ${theirs.id}`);
    await suite.admin.put(`/api/leads/${theirs.id}`, { status: "converted" });
    await db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      const listed = await rita.get<Referral[]>(`/api/referrals?affiliateId=${partner.id}`);
      expect(listed.body.map((r) => r.leadId).sort((a, b) => a - b)).toEqual([mine.id, free.id].sort((a, b) => a - b));
      expect(JSON.stringify(listed.body)).not.toContain("Scope Theirs");
      expect((await rita.get<ReferralStats>(`/api/referrals/stats?affiliateId=${partner.id}`)).body).toMatchObject({ totalReferrals: 2, converted: 0 });
      const detail = await rita.get<AffiliateDetail>(`/api/affiliates/${partner.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.referrals.map((r) => r.leadId)).not.toContain(theirs.id);
      expect(detail.body.commissions.map((c) => c.leadId)).not.toContain(theirs.id);
      expect(JSON.stringify(detail.body)).not.toContain("Scope Theirs");
      // The administrator sees all three, and the converted lead's commission.
      expect((await suite.admin.get<Referral[]>(`/api/referrals?affiliateId=${partner.id}`)).body).toHaveLength(3);
      expect((await suite.admin.get<ReferralStats>(`/api/referrals/stats?affiliateId=${partner.id}`)).body).toMatchObject({ totalReferrals: 3, converted: 1 });
      expect((await suite.admin.get<AffiliateDetail>(`/api/affiliates/${partner.id}`)).body.commissions.map((c) => c.leadId)).toEqual([theirs.id]);
    } finally {
      await db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
  });
});
