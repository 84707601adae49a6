import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/auth";
import type { PublicSsoProvider, SsoConfig, SsoProvider } from "@contract/sso";
import type { TeamMember } from "@contract/team";
import { rawRows } from "../../db/raw-rows";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { startOidcTestProvider, type OidcTestProvider } from "../../test/oidc-test-provider";
import { signedInAdmin, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

/** Requests injected into the app carry Host localhost:80; the redirect URI is that address, normalised. */
const APP_ORIGIN = "http://localhost";
const callbackUrl = (provider: string) => `${APP_ORIGIN}/api/auth/sso/${provider}/callback`;

interface Hops {
  /** Lets a test change the provider's answer before the browser brings it to the app's callback. */
  beforeCallback?: (url: URL) => URL | Promise<URL>;
}

/**
 * A browser as far as a sign-in needs: follows redirects by hand between the app (its own cookie jar, the TestClient)
 * and the provider (real HTTP, cookies kept here), and answers where it lands back in the app's pages.
 */
async function signInThroughProvider(app: TestClient, provider: string, hops: Hops = {}): Promise<URL> {
  const providerCookies = new Map<string, string>();
  let url = new URL(`/api/auth/sso/${provider}/start`, APP_ORIGIN);
  for (let hop = 0; hop < 20; hop++) {
    let status: number;
    let location: string | undefined;
    if (url.origin === APP_ORIGIN) {
      if (!url.pathname.startsWith("/api/")) return url;
      const res = await app.get(url.pathname + url.search);
      status = res.status;
      location = res.headers.location as string | undefined;
    } else {
      const cookie = [...providerCookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        const value = pair.slice(pair.indexOf("=") + 1);
        if (!value || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) providerCookies.delete(name);
        else providerCookies.set(name, value);
      }
      status = res.status;
      location = res.headers.get("location") ?? undefined;
      if (status >= 400) throw new Error(`provider answered ${status} at ${url.href}: ${await res.text()}`);
    }
    if (status < 300 || status >= 400 || !location) throw new Error(`no redirect from ${url.href}: ${status}`);
    url = new URL(location, url);
    if (url.origin === APP_ORIGIN && url.pathname.endsWith("/callback") && hops.beforeCallback) url = await hops.beforeCallback(url);
  }
  throw new Error("too many redirects");
}

const ssoError = (landing: URL) => landing.searchParams.get("ssoError");

describe.each(testDrivers)("single sign-on through a real OpenID provider on %s", (driver) => {
  let idp: OidcTestProvider;
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    idp = await startOidcTestProvider([callbackUrl("oidc"), callbackUrl("okta")]);
    rt = await startTestRuntime(driver, {
      sso: {
        environmentProvider: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: "Test IdP" },
        defaultRole: "agent",
        allowHttpIssuer: true,
      },
    });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
    await idp?.close();
  });

  const audit = (action: string) => rawRows<{ user_email: string | null; details: string }>(rt.ctx.db, sql`SELECT user_email, details FROM audit_logs WHERE action = ${action} ORDER BY id`);
  const memberByEmail = async (email: string) => (await admin.get<TeamMember[]>("/api/enterprise/users")).body.find((m) => m.email === email);

  it("lists the environment's provider as configured and enabled, and offers it on the sign-in page", async () => {
    const config = await admin.get<SsoConfig>("/api/enterprise/sso/config");
    expect(config.status).toBe(200);
    expect(config.body.defaultRole).toBe("agent");
    expect(config.body.providers.map((p) => p.id)).toEqual(["oidc", "google", "microsoft", "okta"]);
    expect(config.body.providers[0]).toMatchObject({
      id: "oidc",
      name: "Test IdP",
      configured: true,
      enabled: true,
      source: "environment",
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecretHint: idp.clientSecret.slice(-4),
      callbackPath: "/api/auth/sso/oidc/callback",
    });
    expect(config.body.providers[1]).toMatchObject({ id: "google", configured: false, enabled: false, source: null, clientSecretHint: null });
    expect(config.text).not.toContain(idp.clientSecret);

    const anonymous = rt.client();
    const buttons = await anonymous.get<PublicSsoProvider[]>("/api/auth/sso/providers");
    expect(buttons.status).toBe(200);
    expect(buttons.body).toEqual([{ id: "oidc", name: "Test IdP" }]);
  });

  it("redirects to the provider with state, nonce and a PKCE challenge, keeping the attempt in the database", async () => {
    const browser = rt.client();
    const res = await browser.get("/api/auth/sso/oidc/start");
    expect(res.status).toBe(302);
    const target = new URL(res.headers.location as string);
    expect(target.origin).toBe(idp.issuer);
    expect(target.searchParams.get("client_id")).toBe(idp.clientId);
    expect(target.searchParams.get("redirect_uri")).toBe(callbackUrl("oidc"));
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(target.searchParams.get("state")).toBeTruthy();
    expect(target.searchParams.get("nonce")).toBeTruthy();
    expect(browser.hasCookie("leadwell_sso_state")).toBe(true);
    const stored = await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM sso_login_attempts WHERE provider = 'oidc'`);
    expect(stored[0]!.n).toBeGreaterThan(0);
  });

  it("signs in a new person with the default role, and a second sign-in reuses the account", async () => {
    idp.signInAs("alice-sub", { email: "Alice@IdP.test", name: "Alice Example" });
    const browser = rt.client();
    const landing = await signInThroughProvider(browser, "oidc");
    expect(landing.pathname + landing.search).toBe("/");
    const me = await browser.get<CurrentUser>("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "alice@idp.test", name: "Alice Example", role: "agent" });
    expect(me.body.permissions).toContain("leads.write");
    expect(me.body.permissions).not.toContain("leads.delete");
    const member = await memberByEmail("alice@idp.test");
    expect(member).toMatchObject({ role: "agent", hasPassword: false, active: true });
    expect((await audit("auth.sso_user_created")).map((r) => r.user_email)).toEqual(["alice@idp.test"]);

    const again = rt.client();
    expect((await signInThroughProvider(again, "oidc")).pathname).toBe("/");
    const meAgain = await again.get<CurrentUser>("/api/auth/me");
    expect(meAgain.body.id).toBe(me.body.id);
    const accounts = await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = 'alice@idp.test'`);
    expect(accounts[0]!.n).toBe(1);
    expect((await audit("auth.sso_login")).filter((r) => r.user_email === "alice@idp.test")).toHaveLength(2);
    // A password sign-in stays impossible for an account made by single sign-on.
    const password = await rt.client().post("/api/auth/login", { email: "alice@idp.test", password: "anything at all here" });
    expect(password.status).toBe(401);
  });

  it("signs in an existing staff member by their email, keeping their role", async () => {
    await admin.post("/api/enterprise/invitations", { email: "mona@idp.test", role: "manager" });
    // The invitation is not accepted: someone who never joined is created with the default role.
    idp.signInAs("mona-sub", { email: "mona@idp.test", name: "Mona" });
    const mona = rt.client();
    await signInThroughProvider(mona, "oidc");
    expect((await mona.get<CurrentUser>("/api/auth/me")).body.role).toBe("agent");
    // The administrator's own account (made with a password) is reached by its email and keeps its role.
    idp.signInAs("ada-sub", { email: "ada@leadwell.test", name: "Ada at the IdP" });
    const ada = rt.client();
    await signInThroughProvider(ada, "oidc");
    expect((await ada.get<CurrentUser>("/api/auth/me")).body).toMatchObject({ email: "ada@leadwell.test", role: "admin", name: "Ada Admin" });
  });

  it("refuses a callback whose state is not the one this browser started, and signs nobody in", async () => {
    idp.signInAs("bob-sub", { email: "bob@idp.test", name: "Bob" });
    const browser = rt.client();
    const landing = await signInThroughProvider(browser, "oidc", {
      beforeCallback: (url) => {
        url.searchParams.set("state", "forged-state-value");
        return url;
      },
    });
    expect(landing.pathname).toBe("/login");
    expect(ssoError(landing)).toBe("sso.invalid_state");
    expect((await browser.get("/api/auth/me")).status).toBe(401);
    expect(await memberByEmail("bob@idp.test")).toBeUndefined();
    expect((await audit("auth.sso_failed")).at(-1)?.details).toContain("sso.invalid_state");
  });

  it("refuses a callback used twice", async () => {
    idp.signInAs("carol-sub", { email: "carol@idp.test", name: "Carol" });
    const browser = rt.client();
    let callback: URL | undefined;
    const first = await signInThroughProvider(browser, "oidc", {
      beforeCallback: (url) => {
        callback = new URL(url);
        return url;
      },
    });
    expect(first.pathname).toBe("/");
    // Replayed from another browser (no state cookie) and from the same one (the attempt is spent): both refused.
    const replayElsewhere = await rt.client().get(callback!.pathname + callback!.search);
    expect(replayElsewhere.headers.location).toBe("/login?ssoError=sso.invalid_state");
    const replaySame = await browser.get(callback!.pathname + callback!.search);
    expect(replaySame.headers.location).toBe("/login?ssoError=sso.invalid_state");
  });

  it("refuses an ID token whose nonce is not the stored one", async () => {
    idp.signInAs("dave-sub", { email: "dave@idp.test", name: "Dave" });
    const browser = rt.client();
    const landing = await signInThroughProvider(browser, "oidc", {
      beforeCallback: async (url) => {
        // The provider put the nonce from the start into its ID token; the stored one no longer matches it.
        await rt.ctx.db.execute(sql`UPDATE sso_login_attempts SET nonce = 'tampered-nonce-value'`);
        return url;
      },
    });
    expect(ssoError(landing)).toBe("sso.failed");
    expect((await browser.get("/api/auth/me")).status).toBe(401);
    expect(await memberByEmail("dave@idp.test")).toBeUndefined();
    expect((await audit("auth.sso_failed")).at(-1)?.details).toMatch(/nonce/i);
  });

  it("refuses a deactivated account", async () => {
    const alice = await memberByEmail("alice@idp.test");
    expect((await admin.post(`/api/enterprise/users/${alice!.id}/deactivate`)).status).toBe(200);
    idp.signInAs("alice-sub", { email: "alice@idp.test", name: "Alice Example" });
    const browser = rt.client();
    const landing = await signInThroughProvider(browser, "oidc");
    expect(ssoError(landing)).toBe("auth.account_deactivated");
    expect((await browser.get("/api/auth/me")).status).toBe(401);
  });

  it("refuses an email the provider has not verified", async () => {
    idp.signInAs("erin-sub", { email: "erin@idp.test", name: "Erin", emailVerified: false });
    const landing = await signInThroughProvider(rt.client(), "oidc");
    expect(ssoError(landing)).toBe("sso.email_unverified");
    expect(await memberByEmail("erin@idp.test")).toBeUndefined();
  });

  it("lets an administrator configure another provider in the app, with the secret kept encrypted and never returned", async () => {
    const missingSecret = await admin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer: idp.issuer, clientId: idp.clientId, enabled: true });
    expect(missingSecret.status).toBe(400);
    expect(missingSecret.body).toMatchObject({ code: "sso.secret_required", fields: { clientSecret: expect.any(String) } });

    const badIssuer = await admin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer: "not a url", clientId: "x", clientSecret: "y" });
    expect(badIssuer.status).toBe(400);
    expect(badIssuer.body).toMatchObject({ fields: { issuer: expect.any(String) } });

    const saved = await admin.put<SsoProvider>("/api/enterprise/sso/providers/okta", {
      name: "Company Okta",
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      enabled: false,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ id: "okta", name: "Company Okta", configured: true, enabled: false, source: "settings", clientSecretHint: idp.clientSecret.slice(-4) });
    expect(saved.text).not.toContain(idp.clientSecret);
    const stored = await rawRows<{ client_secret_encrypted: string }>(rt.ctx.db, sql`SELECT client_secret_encrypted FROM sso_providers WHERE provider = 'okta'`);
    expect(stored[0]!.client_secret_encrypted).not.toContain(idp.clientSecret);

    // Disabled: not offered, and starting it lands on the sign-in page with the reason.
    expect((await rt.client().get<PublicSsoProvider[]>("/api/auth/sso/providers")).body.map((p) => p.id)).toEqual(["oidc"]);
    expect((await rt.client().get("/api/auth/sso/okta/start")).headers.location).toBe("/login?ssoError=sso.unavailable");

    const enabled = await admin.put<SsoProvider>("/api/enterprise/sso/providers/okta/enabled", { enabled: true });
    expect(enabled.body).toMatchObject({ configured: true, enabled: true });
    // Saving again without a secret keeps the saved one.
    const renamed = await admin.put<SsoProvider>("/api/enterprise/sso/providers/okta", { name: "Okta SSO", issuer: idp.issuer, clientId: idp.clientId, enabled: true });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.clientSecretHint).toBe(idp.clientSecret.slice(-4));

    idp.signInAs("frank-sub", { email: "frank@idp.test", name: "Frank" });
    const browser = rt.client();
    expect((await signInThroughProvider(browser, "okta")).pathname).toBe("/");
    expect((await browser.get<CurrentUser>("/api/auth/me")).body).toMatchObject({ email: "frank@idp.test", role: "agent" });
    expect((await audit("sso.provider_configured")).length).toBe(2);
  });

  it("keeps the environment's provider settings out of reach but lets an administrator disable it", async () => {
    const edit = await admin.put("/api/enterprise/sso/providers/oidc", { name: "X", issuer: idp.issuer, clientId: "x", clientSecret: "y" });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: "sso.managed_by_environment" });
    expect((await admin.put("/api/enterprise/sso/providers/google/enabled", { enabled: true })).body).toMatchObject({ code: "sso.not_configured" });
    expect((await admin.put("/api/enterprise/sso/providers/saml/enabled", { enabled: true })).status).toBe(400);

    const off = await admin.put<SsoProvider>("/api/enterprise/sso/providers/oidc/enabled", { enabled: false });
    expect(off.body).toMatchObject({ id: "oidc", configured: true, enabled: false, source: "environment" });
    expect((await rt.client().get("/api/auth/sso/oidc/start")).headers.location).toBe("/login?ssoError=sso.unavailable");
    await admin.put("/api/enterprise/sso/providers/oidc/enabled", { enabled: true });
  });

  it("limits starts per client address, past the limit landing on the sign-in page with the reason", async () => {
    const start = (ip: string) => rt.app.inject({ method: "GET", url: "/api/auth/sso/google/start", remoteAddress: ip });
    for (let i = 0; i < PUBLIC_LIMITS.sso.max; i++) expect((await start("203.0.113.90")).headers.location).toBe("/login?ssoError=sso.unavailable");
    expect((await start("203.0.113.90")).headers.location).toBe("/login?ssoError=request.rate_limited");
    expect((await start("203.0.113.91")).headers.location).toBe("/login?ssoError=sso.unavailable");
  });

  it("keeps configuration to administrators", async () => {
    // The role matrix walks every route; here, what a manager sees.
    const anonymous = await rt.client().get("/api/enterprise/sso/config");
    expect(anonymous.status).toBe(401);
    const disable = await rt.client().put("/api/enterprise/sso/providers/oidc/enabled", { enabled: false });
    expect(disable.status).toBe(401);
  });
});
