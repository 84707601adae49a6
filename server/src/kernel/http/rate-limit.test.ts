import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNull, sql } from "drizzle-orm";
import { ANONYMOUS_CONSENT_EMAIL } from "@contract/consent";
import { affiliates, affiliateTokens, auditLogs, consentRecords, eventOutbox, notifications, referralClicks } from "../../db/schema";
import { LONGEST_THROTTLE_WINDOW_MS } from "./attempt-throttle.data";
import { ADMIN, startTestRuntime, floorDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { limitedRoutes, PUBLIC_LIMITS } from "./rate-limit";

interface Answer {
  status: number;
  retryAfter: string | undefined;
  location: string | undefined;
  setCookie: unknown;
  body: { error?: string; id?: number; uniqueCode?: string };
}

/** One request from a given client address (light-my-request sets the socket's remote address). */
async function send(
  rt: TestRuntime,
  method: "GET" | "POST",
  url: string,
  ip: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await rt.app.inject({ method, url, remoteAddress: ip, headers, ...(body === undefined ? {} : { payload: body as object }) });
  let parsed: Answer["body"] = {};
  try {
    parsed = res.body ? (res.json() as Answer["body"]) : {};
  } catch {
    // a redirect's body is not JSON
  }
  return { status: res.statusCode, retryAfter: res.headers["retry-after"] as string | undefined, location: res.headers.location as string | undefined, setCookie: res.headers["set-cookie"], body: parsed };
}

/** Sends `times` requests one after another and answers their statuses. */
async function repeat(times: number, request: (i: number) => Promise<Answer>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await request(i)).status);
  return statuses;
}

const expectLimited = (answer: Answer) => {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body.error).toMatch(/^Too many/);
};

const countRows = async (rt: TestRuntime, table: typeof consentRecords | typeof affiliates | typeof affiliateTokens | typeof referralClicks) =>
  Number((await rt.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);

const partner = (n: string) => ({ name: `Pat ${n}`, businessName: `Partner ${n}`, email: `pat.${n}@partners.test`, password: "secret1" });
const lead = (n: string) => ({ businessOwnerName: "Lee", businessOwnerLastName: n, businessName: `Limited ${n}`, email: `limited.${n}@example.com` });

describe.each(floorDrivers)("public rate limits on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
  });
  afterAll(() => rt.stop());

  it("declares a per-address limit on every public write, with windows the purge job can clear", () => {
    const publicWrites = limitedRoutes(rt.app).filter((r) => r.url.startsWith("/api/") && r.public && r.method !== "GET");
    expect(publicWrites.length).toBeGreaterThanOrEqual(7);
    for (const route of publicWrites) {
      expect({ route: `${route.method} ${route.url}`, limited: Boolean(route.rateLimit) }).toEqual({ route: `${route.method} ${route.url}`, limited: true });
    }
    const referralLink = limitedRoutes(rt.app).find((r) => r.method === "GET" && r.url === "/r/:code");
    expect(referralLink?.rateLimit).toEqual(PUBLIC_LIMITS.referralClick);
    for (const route of limitedRoutes(rt.app).filter((r) => r.rateLimit)) {
      expect(route.rateLimit!.windowMs).toBeLessThanOrEqual(LONGEST_THROTTLE_WINDOW_MS);
    }
  });

  it("states each limit in the OpenAPI description", () => {
    const spec = rt.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    for (const [path, method] of [["/api/auth/setup", "post"], ["/api/auth/login", "post"], ["/api/auth/logout", "post"], ["/api/consent/update", "post"], ["/api/affiliates/signup", "post"], ["/api/affiliates/login", "post"], ["/api/join", "post"]] as const) {
      expect({ path, description: spec.paths[path]?.[method]?.description }).toEqual({ path, description: expect.stringMatching(/Limited to \d+ requests per client address per \d+ (minute|hour)/) });
    }
  });

  it("refuses the 11th set-up attempt from one address without creating anyone", async () => {
    const setupToken = (await rt.readSetupToken())!;
    const body = { ...ADMIN, setupToken: "wrong-token" };
    expect(await repeat(PUBLIC_LIMITS.setup.max, () => send(rt, "POST", "/api/auth/setup", "203.0.113.1", body))).toEqual(Array(PUBLIC_LIMITS.setup.max).fill(403));
    expectLimited(await send(rt, "POST", "/api/auth/setup", "203.0.113.1", { ...ADMIN, setupToken }));
    expect((await rt.client().get("/api/auth/setup")).body).toEqual({ needsSetup: true });
    // Another address is not affected.
    expect((await send(rt, "POST", "/api/auth/setup", "203.0.113.2", { ...ADMIN, setupToken })).status).toBe(201);
    admin = rt.client();
    expect((await admin.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
  });

  it("refuses the 101st staff sign-in from one address without checking it", async () => {
    const ip = "203.0.113.10";
    const statuses = await repeat(PUBLIC_LIMITS.staffLogin.max, (i) => send(rt, "POST", "/api/auth/login", ip, { email: `guess${i % 3}@leadwell.test`, password: "not it" }));
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const auditsBefore = (await rt.ctx.db.select().from(auditLogs)).length;
    const limited = await send(rt, "POST", "/api/auth/login", ip, { email: ADMIN.email, password: ADMIN.password });
    expectLimited(limited);
    expect(limited.setCookie).toBeUndefined();
    expect((await rt.ctx.db.select().from(auditLogs)).length).toBe(auditsBefore);
    expect((await send(rt, "POST", "/api/auth/login", "203.0.113.11", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
  });

  it("refuses the 31st sign-out from one address, and the session it carried keeps working", async () => {
    const ip = "203.0.113.20";
    expect(await repeat(PUBLIC_LIMITS.logout.max, () => send(rt, "POST", "/api/auth/logout", ip, {}))).toEqual(Array(PUBLIC_LIMITS.logout.max).fill(200));
    const login = await rt.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "203.0.113.21", payload: { email: ADMIN.email, password: ADMIN.password } });
    const sessionCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expectLimited(await send(rt, "POST", "/api/auth/logout", ip, {}, { cookie: sessionCookie }));
    expect((await send(rt, "GET", "/api/auth/me", ip, undefined, { cookie: sessionCookie })).status).toBe(200);
  });

  it("refuses the 31st consent record from one address and stores nothing for it", async () => {
    const ip = "203.0.113.30";
    const choice = { email: ANONYMOUS_CONSENT_EMAIL, consentType: "cookies", granted: true };
    const before = await countRows(rt, consentRecords);
    expect(await repeat(PUBLIC_LIMITS.consent.max, () => send(rt, "POST", "/api/consent/update", ip, choice))).toEqual(Array(PUBLIC_LIMITS.consent.max).fill(201));
    expectLimited(await send(rt, "POST", "/api/consent/update", ip, choice));
    expect(await countRows(rt, consentRecords)).toBe(before + PUBLIC_LIMITS.consent.max);
  });

  it("refuses the 6th affiliate sign-up from one address, creating no affiliate and alerting no one", async () => {
    const ip = "203.0.113.40";
    expect(await repeat(PUBLIC_LIMITS.affiliateSignup.max, (i) => send(rt, "POST", "/api/affiliates/signup", ip, partner(`s${i}`)))).toEqual(
      Array(PUBLIC_LIMITS.affiliateSignup.max).fill(201),
    );
    // Sign-up alerts are written when the sign-ups' events are dispatched: count them once nothing is waiting.
    const undispatched = async () => (await rt.ctx.db.select().from(eventOutbox).where(isNull(eventOutbox.dispatchedAt))).length;
    await expect.poll(undispatched, { timeout: 10_000 }).toBe(0);
    const alertsBefore = (await rt.ctx.db.select().from(notifications).where(eq(notifications.type, "affiliate"))).length;
    expectLimited(await send(rt, "POST", "/api/affiliates/signup", ip, partner("over")));
    expect(await rt.ctx.db.select().from(affiliates).where(eq(affiliates.email, "pat.over@partners.test"))).toEqual([]);
    expect(await undispatched()).toBe(0);
    expect((await rt.ctx.db.select().from(notifications).where(eq(notifications.type, "affiliate"))).length).toBe(alertsBefore);
    expect((await send(rt, "POST", "/api/affiliates/signup", "203.0.113.41", partner("over"))).status).toBe(201);
  });

  it("refuses the 101st affiliate sign-in from one address without issuing a token", async () => {
    const ip = "203.0.113.50";
    const statuses = await repeat(PUBLIC_LIMITS.affiliateLogin.max, (i) => send(rt, "POST", "/api/affiliates/login", ip, { email: `nobody${i % 3}@partners.test`, password: "nope" }));
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const tokensBefore = await countRows(rt, affiliateTokens);
    expectLimited(await send(rt, "POST", "/api/affiliates/login", ip, { email: "pat.s0@partners.test", password: "secret1" }));
    expect(await countRows(rt, affiliateTokens)).toBe(tokensBefore);
    expect((await send(rt, "POST", "/api/affiliates/login", "203.0.113.51", { email: "pat.s0@partners.test", password: "secret1" })).status).toBe(200);
  });

  it("refuses the 11th lead-form submission from one address and stores no lead for it", async () => {
    const ip = "203.0.113.60";
    expect(await repeat(PUBLIC_LIMITS.join.max, (i) => send(rt, "POST", "/api/join", ip, lead(`j${i}`)))).toEqual(Array(PUBLIC_LIMITS.join.max).fill(201));
    expectLimited(await send(rt, "POST", "/api/join", ip, lead("over")));
    expect((await admin.get("/api/leads?q=over")).body).toEqual([]);
  });

  it("counts an IPv6 client by its /64 network", async () => {
    expect(await repeat(PUBLIC_LIMITS.join.max, (i) => send(rt, "POST", "/api/join", `2001:db8:1:2::${i + 1}`, lead(`v6-${i}`)))).toEqual(
      Array(PUBLIC_LIMITS.join.max).fill(201),
    );
    expectLimited(await send(rt, "POST", "/api/join", "2001:db8:1:2:ffff:ffff:ffff:ffff", lead("v6-same-network")));
    expect((await send(rt, "POST", "/api/join", "2001:db8:1:3::1", lead("v6-next-network"))).status).toBe(201);
  });

  it("keeps forwarding referral links past the limit but stops recording their clicks", async () => {
    const ip = "203.0.113.70";
    const code = (await send(rt, "POST", "/api/affiliates/signup", "203.0.113.71", partner("clicks"))).body.uniqueCode!;
    for (let i = 0; i < PUBLIC_LIMITS.referralClick.max; i++) expect((await send(rt, "GET", `/r/${code}`, ip)).status).toBe(302);
    expect(await countRows(rt, referralClicks)).toBe(PUBLIC_LIMITS.referralClick.max);
    const over = await send(rt, "GET", `/r/${code}`, ip);
    expect(over.status).toBe(302);
    expect(over.location).toBe("/join");
    expect(over.setCookie).toMatch(new RegExp(`leadwell_ref=${code}`));
    expect(await countRows(rt, referralClicks)).toBe(PUBLIC_LIMITS.referralClick.max);
    expect((await send(rt, "GET", `/r/${code}`, "203.0.113.72")).status).toBe(302);
    expect(await countRows(rt, referralClicks)).toBe(PUBLIC_LIMITS.referralClick.max + 1);
  });

  it("treats a referral cookie the link could not have set as no referral, never a 500", async () => {
    const code = (await send(rt, "POST", "/api/affiliates/signup", "203.0.113.80", partner("cookie"))).body.uniqueCode!;
    const cookies = [`leadwell_ref=${"A".repeat(51)}`, "leadwell_ref=%00", `leadwell_ref=${code}%00`, "leadwell_ref=AB%0ACD", "leadwell_ref=%ZZ", "leadwell_ref="];
    for (const [i, cookie] of cookies.entries()) {
      const res = await send(rt, "POST", "/api/join", `203.0.113.${90 + i}`, lead(`cookie${i}`), { cookie });
      expect({ cookie, status: res.status }).toEqual({ cookie, status: 201 });
    }
    const referred = await rt.ctx.database.executeSql<{ n: number }>(
      "SELECT count(*)::int AS n FROM affiliate_referrals r JOIN leads l ON l.id = r.lead_id WHERE l.business_name LIKE 'Limited cookie%'",
      [],
    );
    expect(referred.rows[0]?.n).toBe(0);
    // The cookie as the link sets it still credits the partner.
    expect((await send(rt, "POST", "/api/join", "203.0.113.99", lead("cookie-ok"), { cookie: `leadwell_ref=${code}` })).status).toBe(201);
    const credited = await rt.ctx.database.executeSql<{ n: number }>(
      "SELECT count(*)::int AS n FROM affiliate_referrals r JOIN leads l ON l.id = r.lead_id WHERE l.business_name = 'Limited cookie-ok'",
      [],
    );
    expect(credited.rows[0]?.n).toBe(1);
  });
});
