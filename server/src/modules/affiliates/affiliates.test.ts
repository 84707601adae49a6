import { describe, expect, it } from "vitest";
import type { Affiliate, AffiliateDashboard, AffiliateDetail, AffiliateLoginResult, Referral, ReferralStats } from "@contract/affiliates";
import type { CreatedLead, Lead } from "@contract/leads";
import type { SearchResult } from "@contract/search";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const partner = (n: string) => ({ name: `Pat ${n}`, businessName: `Partner ${n} Ltd`, email: `pat.${n}@partners.test`, password: "secret1" });
const lead = (n: string, extra: Record<string, unknown> = {}) => ({
  businessOwnerName: "Lee",
  businessOwnerLastName: n,
  businessName: `Referred ${n}`,
  email: `referred.${n}@example.com`,
  ...extra,
});

describe.each(testDrivers)("affiliate programme on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let pat: Affiliate;
  let patToken: string;
  let other: Affiliate;
  let otherToken: string;

  it("validates sign-up with the spec's messages", async () => {
    const res = await suite.rt.client().post("/api/affiliates/signup", { email: "x", password: "12345" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: {
        name: "Full name is required",
        businessName: "Business name is required",
        email: "Valid email is required",
        password: "Password must be at least 6 characters",
      },
    });
  });

  it("signs up with a readable code, hashes the password, and never returns the hash", async () => {
    const res = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", partner("a"));
    expect(res.status).toBe(201);
    pat = res.body;
    expect(pat).toMatchObject({ name: "Pat a", status: "active", totalReferrals: 0, commissionEarned: "0.00" });
    expect(pat.uniqueCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(res.text).not.toMatch(/argon2|passwordHash|secret1/);
    const { rows } = await suite.rt.ctx.database.executeSql<{ password_hash: string }>("SELECT password_hash FROM affiliates WHERE id = $1", [pat.id]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    const dup = await suite.rt.client().post("/api/affiliates/signup", { ...partner("a2"), email: "PAT.A@partners.TEST" });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      error: "An affiliate with this email already exists",
      code: "affiliate.email_taken",
      fields: { email: "An affiliate with this email already exists" },
      fieldCodes: { email: { code: "affiliate.email_taken" } },
    });
    other = (await suite.rt.client().post<Affiliate>("/api/affiliates/signup", partner("b"))).body;
    const staffList = await suite.admin.get<Affiliate[]>("/api/affiliates");
    expect(staffList.text).not.toMatch(/argon2|passwordHash/);
    expect(staffList.headers["x-total-count"]).toBe("2");
  });

  it("signs in with a token, and answers one message for a wrong email or password", async () => {
    const ok = await suite.rt.client().post<AffiliateLoginResult>("/api/affiliates/login", { email: "pat.a@partners.test", password: "secret1" });
    expect(ok.status).toBe(200);
    expect(ok.body.affiliate).toEqual({ id: pat.id, name: "Pat a", uniqueCode: pat.uniqueCode });
    expect(ok.body.token).toMatch(/^lwa_/);
    patToken = ok.body.token;
    otherToken = (await suite.rt.client().post<AffiliateLoginResult>("/api/affiliates/login", { email: other.email, password: "secret1" })).body.token;
    const wrong = await suite.rt.client().post("/api/affiliates/login", { email: "pat.a@partners.test", password: "nope" });
    const unknown = await suite.rt.client().post("/api/affiliates/login", { email: "nobody@partners.test", password: "nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: "Email or password is incorrect", code: "auth.wrong_credentials" });
    expect((await suite.rt.client().post("/api/affiliates/login", { email: "pat.a@partners.test" })).body).toMatchObject({ fields: { password: "Password is required" } });
  });

  it("throttles repeated failed sign-ins for one email", async () => {
    await suite.rt.client().post("/api/affiliates/signup", partner("t"));
    for (let i = 0; i < 8; i++) await suite.rt.client().post("/api/affiliates/login", { email: "pat.t@partners.test", password: `bad${i}` });
    const locked = await suite.rt.client().post("/api/affiliates/login", { email: "pat.t@partners.test", password: "secret1" });
    expect(locked.status).toBe(429);
  });

  it("scopes the dashboard to its own affiliate, and keeps partner tokens out of staff routes", async () => {
    const anonymous = suite.rt.client();
    const own = await anonymous.get<AffiliateDashboard>(`/api/affiliates/${pat.id}/dashboard`, { authorization: `Bearer ${patToken}` });
    expect(own.status).toBe(200);
    expect(own.body.referralLink).toMatch(new RegExp(`/r/${pat.uniqueCode}$`));
    const foreign = await anonymous.get(`/api/affiliates/${pat.id}/dashboard`, { authorization: `Bearer ${otherToken}` });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: "You can only read your own dashboard", code: "affiliate.own_dashboard_only" });
    expect((await anonymous.get(`/api/affiliates/${pat.id}/dashboard`)).status).toBe(401);
    expect((await suite.admin.get(`/api/affiliates/${pat.id}/dashboard`)).status).toBe(200);
    expect((await anonymous.get("/api/leads", { authorization: `Bearer ${patToken}` })).status).toBe(401);
    expect((await anonymous.get("/api/affiliates", { authorization: `Bearer ${patToken}` })).status).toBe(401);
  });

  it("attributes a lead sent with a code, and says why when the code is unknown or suspended", async () => {
    const referred = await suite.admin.post<CreatedLead>("/api/leads", lead("code", { affiliateCode: pat.uniqueCode.toLowerCase() }));
    expect(referred.status).toBe(201);
    expect(referred.body.attribution).toEqual({ affiliateCode: pat.uniqueCode, attributed: true, reason: null });
    const unknown = await suite.admin.post<CreatedLead>("/api/leads", lead("unknown", { affiliateCode: "NOPE99" }));
    expect(unknown.status).toBe(201);
    expect(unknown.body.attribution).toEqual({ affiliateCode: "NOPE99", attributed: false, reason: "Unknown affiliate code" });
    await suite.admin.put(`/api/affiliates/${other.id}`, { status: "suspended" });
    const suspended = await suite.admin.post<CreatedLead>("/api/leads", lead("suspended", { affiliateCode: other.uniqueCode }));
    expect(suspended.body.attribution).toMatchObject({ attributed: false, reason: "The affiliate account is suspended" });
    // Suspension also closes the partner portal at once.
    expect((await suite.rt.client().get(`/api/affiliates/${other.id}/dashboard`, { authorization: `Bearer ${otherToken}` })).status).toBe(401);
    expect((await suite.admin.get<Affiliate[]>("/api/affiliates?status=active")).body.map((a) => a.id)).not.toContain(other.id);
    const detail = await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`);
    expect(detail.body.affiliate.totalReferrals).toBe(1);
    expect(detail.body.referrals.map((r) => r.leadBusinessName)).toEqual(["Referred code"]);
  });

  it("attributes a lead from the public form by the referral link's cookie, first click winning", async () => {
    const visitor = suite.rt.client();
    const click = await visitor.get(`/r/${pat.uniqueCode}`);
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe("/join");
    expect(click.headers["set-cookie"]).toMatch(new RegExp(`leadwell_ref=${pat.uniqueCode};.*Max-Age=2592000.*HttpOnly.*SameSite=Lax`, "i"));
    await suite.admin.put(`/api/affiliates/${other.id}`, { status: "active" });
    const second = await visitor.get(`/r/${other.uniqueCode}`);
    expect(second.headers["set-cookie"]).toBeUndefined();
    const joined = await visitor.post("/api/join", lead("cookie", { phoneNumber: "555 0100", industry: "retail" }));
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ received: true });
    const [referral] = (await suite.admin.get<Referral[]>(`/api/referrals?affiliateId=${pat.id}`)).body;
    expect(referral).toMatchObject({ leadBusinessName: "Referred cookie", source: "link", affiliateCode: pat.uniqueCode, leadStatus: "new", commission: null });
    const { rows } = await suite.rt.ctx.database.executeSql<{ n: number }>("SELECT count(*)::int AS n FROM referral_clicks WHERE affiliate_id = $1", [pat.id]);
    expect(rows[0]?.n).toBe(1);
    const invalid = await visitor.post("/api/join", { email: "nope" });
    expect(invalid.body).toMatchObject({ fields: { businessOwnerName: "First name is required", email: "Valid email is required" } });
    const unknownLink = await suite.rt.client().get("/r/NOSUCH");
    expect(unknownLink.status).toBe(302);
    expect(unknownLink.headers["set-cookie"]).toBeUndefined();
  });

  it("earns one commission per conversion, voids it when the lead leaves converted, and never pays twice", async () => {
    const [referral] = (await suite.admin.get<Referral[]>(`/api/referrals?affiliateId=${pat.id}&limit=1`)).body;
    const leadId = referral!.leadId;
    await suite.admin.put(`/api/leads/${leadId}`, { status: "converted" });
    await suite.admin.put(`/api/leads/${leadId}`, { status: "converted" });
    let detail = (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`)).body;
    expect(detail.commissions.map((c) => [c.leadId, c.status, c.amount])).toEqual([[leadId, "pending", "500.00"]]);
    expect(detail.affiliate.commissionEarned).toBe("500.00");
    await suite.admin.put(`/api/leads/${leadId}`, { status: "contacted" });
    detail = (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`)).body;
    expect(detail.commissions.map((c) => c.status)).toEqual(["voided"]);
    expect(detail.affiliate.commissionEarned).toBe("0.00");
    await suite.admin.put(`/api/leads/${leadId}`, { status: "converted" });
    detail = (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`)).body;
    expect(detail.commissions.map((c) => c.status)).toEqual(["pending"]);
    // The lead's page reads its own referral, with the commission it earned, by the lead's id.
    const ofLead = await suite.admin.get<Referral[]>(`/api/referrals?leadId=${leadId}`);
    expect(ofLead.headers["x-total-count"]).toBe("1");
    expect(ofLead.body).toEqual([
      expect.objectContaining({ leadId, affiliateId: pat.id, affiliateCode: pat.uniqueCode, source: "link", commission: expect.objectContaining({ amount: "500.00", status: "pending" }) }),
    ]);
    const other = (await suite.admin.post<{ id: number }>("/api/leads", lead("unreferred"))).body;
    expect((await suite.admin.get<Referral[]>(`/api/referrals?leadId=${other.id}`)).body).toEqual([]);
    expect(detail.balance).toEqual({ earned: "500.00", pending: "500.00", approved: "0.00", paid: "0.00" });
  });

  it("pays out at most the approved balance, marking covered commissions paid", async () => {
    const payout = (amount: unknown) => suite.admin.post(`/api/affiliates/${pat.id}/payouts`, { amount, notes: "Bank transfer" });
    expect((await payout(100)).body).toEqual({
      error: "amount: At most the approved balance of 0.00",
      code: "payout.above_approved_balance",
      params: { amount: "0.00" },
      fields: { amount: "At most the approved balance of 0.00" },
      fieldCodes: { amount: { code: "payout.above_approved_balance", params: { amount: "0.00" } } },
    });
    expect((await suite.admin.post<{ approved: number }>(`/api/affiliates/${pat.id}/commissions/approve`, {})).body).toEqual({ approved: 1 });
    expect((await payout(0)).body).toMatchObject({ fields: { amount: "Amount must be greater than zero" } });
    expect((await payout(500.01)).status).toBe(400);
    expect((await payout(200)).status).toBe(201);
    let detail = (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`)).body;
    expect(detail.balance).toMatchObject({ approved: "300.00", paid: "200.00" });
    expect(detail.commissions[0]?.status).toBe("approved");
    expect((await payout(300)).status).toBe(201);
    detail = (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`)).body;
    expect(detail.balance).toEqual({ earned: "500.00", pending: "0.00", approved: "0.00", paid: "500.00" });
    expect(detail.commissions[0]?.status).toBe("paid");
    expect(detail.affiliate.payoutHistory.map((p) => p.amount)).toEqual(["200.00", "300.00"]);
    expect((await payout(1)).status).toBe(400);
    // A paid commission stays paid if the lead is later changed.
    const leadId = detail.commissions[0]!.leadId;
    await suite.admin.put(`/api/leads/${leadId}`, { status: "lost" });
    expect((await suite.admin.get<AffiliateDetail>(`/api/affiliates/${pat.id}`)).body.commissions[0]?.status).toBe("paid");
    await suite.admin.put(`/api/leads/${leadId}`, { status: "converted" });
  });

  it("reports referral figures from stored records, for the programme and per affiliate", async () => {
    const stats = (await suite.admin.get<ReferralStats>("/api/referrals/stats")).body;
    expect(stats).toEqual({ totalReferrals: 2, converted: 1, commissionPaid: "500.00", conversionRate: 0.5 });
    const none = (await suite.admin.get<ReferralStats>(`/api/referrals/stats?affiliateId=${other.id}`)).body;
    expect(none).toEqual({ totalReferrals: 0, converted: 0, commissionPaid: "0.00", conversionRate: 0 });
    const future = (await suite.admin.get<ReferralStats>("/api/referrals/stats?since=2999-01-01")).body;
    expect(future.totalReferrals).toBe(0);
    const own = (await suite.rt.client().get<AffiliateDashboard>(`/api/affiliates/${pat.id}/dashboard`, { authorization: `Bearer ${patToken}` })).body;
    expect(own).toMatchObject({ referrals: 2, conversions: 1, conversionRate: 0.5, earned: "500.00", paid: "500.00", due: "0.00" });
    expect(own.monthly).toHaveLength(12);
    expect(own.monthly.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), referrals: 2, conversions: 1 });
  });

  it("ranks top affiliates by commission, counts active ones, and finds them in search", async () => {
    const top = (await suite.admin.get<Affiliate[]>("/api/affiliates?sort=-commissionEarned&limit=5")).body;
    expect(top[0]?.id).toBe(pat.id);
    expect((await suite.admin.get<{ activeAffiliates: number }>("/api/dashboard")).body.activeAffiliates).toBe(3);
    const found = (await suite.admin.get<SearchResult>(`/api/search?q=${pat.uniqueCode.toLowerCase()}`)).body;
    expect(found.affiliates).toEqual([{ id: pat.id, name: "Pat a", email: "pat.a@partners.test", uniqueCode: pat.uniqueCode }]);
    expect(found.totals.affiliates).toBe(1);
  });

  it("signs out by revoking the token", async () => {
    const client = suite.rt.client();
    expect((await client.post("/api/affiliates/logout", {}, { authorization: `Bearer ${patToken}` })).body).toEqual({ ok: true });
    expect((await client.get(`/api/affiliates/${pat.id}/dashboard`, { authorization: `Bearer ${patToken}` })).status).toBe(401);
  });

  it("exports affiliates as CSV", async () => {
    const res = await suite.admin.get("/api/affiliates/export.csv?status=active");
    expect(res.text.startsWith("\uFEFFID,Name,Business,Email,Code,Status")).toBe(true);
    expect(res.text).toContain(`,Pat a,Partner a Ltd,pat.a@partners.test,${pat.uniqueCode},active,2,500.00,500.00,`);
  });
});

describe.each(testDrivers)("public lead form limits on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("accepts ten submissions from one address in ten minutes, then answers 429", async () => {
    const visitor = suite.rt.client();
    for (let i = 0; i < 10; i++) expect((await visitor.post("/api/join", lead(`burst${i}`))).status).toBe(201);
    const limited = await visitor.post("/api/join", lead("burst10"));
    expect(limited.status).toBe(429);
    expect((limited.body as { error: string }).error).toMatch(/^Too many submissions from this address/);
    expect((await suite.admin.get<Lead[]>("/api/leads?q=burst10")).body).toEqual([]);
  });
});
