import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/auth";
import type { PublicSsoProvider, SsoConfig, SsoProvider } from "@contract/sso";
import type { TeamMember } from "@contract/team";
import { rawRows } from "../../db/raw-rows";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { isRefusedAddress } from "../../kernel/outbound/outbound-address";
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
      // The provider listens on 127.0.0.1: the outbound address rule is off, as ALLOW_PRIVATE_ADDRESSES does.
      webhooks: { secretKey: undefined, allowPrivateAddresses: true, retryDelaysSeconds: [1] },
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

  it("sends every request of a sign-in (discovery, token exchange) through the outbound address rule", async () => {
    idp.signInAs("gina-sub", { email: "gina@idp.test", name: "Gina" });
    const from = idp.requests.length;
    expect((await signInThroughProvider(rt.client(), "oidc")).pathname).toBe("/");
    // The app's requests (those the browser never makes) came through the address-checked fetch, which names itself,
    // none through the library's own fetch.
    const appRequests = idp.requests.slice(from).filter((r) => ["/.well-known/openid-configuration", "/token", "/jwks", "/me"].includes(r.path));
    expect(appRequests.map((r) => r.path)).toEqual(expect.arrayContaining(["/.well-known/openid-configuration", "/token"]));
    expect(appRequests.map((r) => r.userAgent)).toEqual(appRequests.map(() => "Leadwell-SSO/1"));
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

/** A TCP listener that only counts the connections reaching it: the proof that nothing connected. */
async function connectionCounter(host: string) {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface StandInAnswer {
  status: number;
  location?: string;
  json?: unknown;
}

/** A provider's discovery answers, by path, from a plain HTTP server on 127.0.0.1; counts the requests it gets. */
async function standInProvider() {
  const answers = new Map<string, StandInAnswer>();
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    const answer = answers.get(request.url ?? "") ?? { status: 404 };
    response.writeHead(answer.status, {
      ...(answer.location ? { location: answer.location } : {}),
      ...(answer.json ? { "content-type": "application/json" } : {}),
    });
    response.end(answer.json ? JSON.stringify(answer.json) : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The issuer `${origin}/${name}`, whose discovery document answers as given. */
    issuer(name: string, answer: (issuer: string) => StandInAnswer): string {
      const issuer = `${origin}/${name}`;
      answers.set(`/${name}/.well-known/openid-configuration`, answer(issuer));
      return issuer;
    },
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A discovery document with every endpoint under the issuer, but for those given. */
const metadata = (issuer: string, endpoints: Record<string, string> = {}) => ({
  status: 200,
  json: {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    ...endpoints,
  },
});

const PRIVATE_ADDRESS_LANDING = "/login?ssoError=sso.private_address";

describe.each(testDrivers)("single sign-on under the outbound address rule on %s", (driver) => {
  // Listeners where a refused request would land if it were sent: 127.0.0.1 and ::1 (loopback), 127.0.0.2 (the
  // "inside" address of the runtime below where 127.0.0.1 stands for a public provider).
  let loopback4: Awaited<ReturnType<typeof connectionCounter>>;
  let loopback6: Awaited<ReturnType<typeof connectionCounter>>;
  let inside: Awaited<ReturnType<typeof connectionCounter>>;
  let standIn: Awaited<ReturnType<typeof standInProvider>>;
  /** ALLOW_PRIVATE_ADDRESSES off, the rule as in production; the environment's provider is on loopback. */
  let strict: TestRuntime;
  let strictAdmin: TestClient;
  /** The same rule, except that 127.0.0.1 counts as public: a provider there may answer, and point elsewhere. */
  let bounded: TestRuntime;
  let boundedAdmin: TestClient;

  const connections = () => loopback4.connections() + loopback6.connections() + inside.connections();

  beforeAll(async () => {
    [loopback4, loopback6, inside, standIn] = await Promise.all([connectionCounter("127.0.0.1"), connectionCounter("::1"), connectionCounter("127.0.0.2"), standInProvider()]);
    const sso = (issuer: string | undefined) => ({
      environmentProvider: issuer ? { issuer, clientId: "leadwell", clientSecret: "a-client-secret-0123456789", name: "Loopback IdP" } : undefined,
      defaultRole: "agent" as const,
      allowHttpIssuer: true,
    });
    strict = await startTestRuntime(driver, {
      webhooks: { secretKey: undefined, allowPrivateAddresses: false, retryDelaysSeconds: [1] },
      sso: sso(`https://127.0.0.1:${loopback4.port}`),
    });
    strictAdmin = await signedInAdmin(strict);
    bounded = await startTestRuntime(driver, {
      webhooks: { secretKey: undefined, allowPrivateAddresses: false, refusedAddress: (address) => address !== "127.0.0.1" && isRefusedAddress(address), retryDelaysSeconds: [1] },
      sso: sso(undefined),
    });
    boundedAdmin = await signedInAdmin(bounded);
  });
  afterAll(async () => {
    await strict?.stop();
    await bounded?.stop();
    await Promise.all([loopback4?.close(), loopback6?.close(), inside?.close(), standIn?.close()]);
  });

  /** The four ways issue 22 wrote a loopback or metadata address, and a name that resolves to loopback. */
  const refusedIssuers = () => [
    `https://127.0.0.1:${loopback4.port}`,
    `https://[::1]:${loopback6.port}`,
    "https://169.254.169.254",
    `https://2130706433:${loopback4.port}`,
    `https://localhost:${loopback4.port}`,
  ];
  const rows = async (rt: TestRuntime, table: "sso_providers" | "sso_login_attempts") =>
    (await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
  const configuredAudits = async (rt: TestRuntime) =>
    (await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'sso.provider_configured'`))[0]!.n;

  it("refuses to save an issuer on a private, loopback or link-local address, naming the field and writing nothing", async () => {
    for (const issuer of refusedIssuers()) {
      const res = await strictAdmin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer, clientId: "leadwell", clientSecret: "a-secret-value", enabled: true });
      expect(res.status, issuer).toBe(400);
      expect(res.body, issuer).toMatchObject({ code: "sso.private_address", fieldCodes: { issuer: { code: "sso.private_address" } }, fields: { issuer: expect.any(String) } });
    }
    expect(await rows(strict, "sso_providers")).toBe(0);
    expect(await configuredAudits(strict)).toBe(0);
    expect(connections()).toBe(0);
  });

  it("refuses to start with the environment's provider on loopback, connecting nowhere", async () => {
    const res = await strict.client().get("/api/auth/sso/oidc/start");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(PRIVATE_ADDRESS_LANDING);
    expect(await rows(strict, "sso_login_attempts")).toBe(0);
    expect(connections()).toBe(0);
  });

  it("refuses to start with a saved provider whose issuer is on such an address (stored before the rule), connecting nowhere", async () => {
    // Saved with a public address (never contacted), then given each refused issuer the way a row written before
    // this rule would hold it.
    const saved = await strictAdmin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer: "https://93.184.215.14", clientId: "leadwell", clientSecret: "a-secret-value", enabled: true });
    expect(saved.status, saved.text).toBe(200);
    for (const issuer of refusedIssuers()) {
      await strict.ctx.db.execute(sql`UPDATE sso_providers SET issuer = ${issuer} WHERE provider = 'okta'`);
      const res = await strict.client().get("/api/auth/sso/okta/start");
      expect(res.headers.location, issuer).toBe(PRIVATE_ADDRESS_LANDING);
    }
    expect(await rows(strict, "sso_login_attempts")).toBe(0);
    expect(connections()).toBe(0);
  });

  it("starts with a provider the rule allows, through the same checks", async () => {
    // The positive control for the refusals below: 127.0.0.1 is public here, and everything it names stays there.
    const issuer = standIn.issuer("public", (iss) => metadata(iss));
    const saved = await boundedAdmin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer, clientId: "leadwell", clientSecret: "a-secret-value", enabled: true });
    expect(saved.status, saved.text).toBe(200);
    const res = await bounded.client().get("/api/auth/sso/okta/start");
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location as string).href.startsWith(`${issuer}/auth?`)).toBe(true);
  });

  it.each([
    ["token_endpoint", () => `http://127.0.0.2:${inside.port}/token`],
    ["jwks_uri", () => `http://[::1]:${loopback6.port}/jwks`],
    ["userinfo_endpoint", () => "http://169.254.169.254/latest/meta-data"],
    ["authorization_endpoint", () => `http://2130706434:${inside.port}/auth`],
    ["revocation_endpoint", () => `http://10.0.0.1/revoke`],
  ])("refuses to start with a provider whose discovery document puts %s on a private address", async (field, target) => {
    const issuer = standIn.issuer(`inward-${field}`, (iss) => metadata(iss, { [field]: target() }));
    const saved = await boundedAdmin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer, clientId: "leadwell", clientSecret: "a-secret-value", enabled: true });
    expect(saved.status, saved.text).toBe(200);
    const before = standIn.requests();
    const attempts = await rows(bounded, "sso_login_attempts");
    const res = await bounded.client().get("/api/auth/sso/okta/start");
    expect(res.headers.location).toBe(PRIVATE_ADDRESS_LANDING);
    // The document was read (the refusal is of what it says), nothing it named was contacted, and no attempt was kept.
    expect(standIn.requests()).toBe(before + 1);
    expect(connections()).toBe(0);
    expect(await rows(bounded, "sso_login_attempts")).toBe(attempts);
  });

  it.each([
    ["127.0.0.2", () => `http://127.0.0.2:${inside.port}/.well-known/openid-configuration`],
    ["::1", () => `http://[::1]:${loopback6.port}/.well-known/openid-configuration`],
    ["169.254.169.254", () => "http://169.254.169.254/.well-known/openid-configuration"],
  ])("refuses to start when discovery redirects to %s, without following it", async (name, location) => {
    const issuer = standIn.issuer(`redirect-${name.replace(/\W/g, "-")}`, () => ({ status: 302, location: location() }));
    const saved = await boundedAdmin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer, clientId: "leadwell", clientSecret: "a-secret-value", enabled: true });
    expect(saved.status, saved.text).toBe(200);
    const res = await bounded.client().get("/api/auth/sso/okta/start");
    expect(res.headers.location).toBe(PRIVATE_ADDRESS_LANDING);
    expect(connections()).toBe(0);
  });

  it("refuses the callback when the provider's endpoints moved inward after the start, and records why", async () => {
    const name = "moves-inward";
    let issuer = standIn.issuer(name, (iss) => metadata(iss));
    const saved = await boundedAdmin.put("/api/enterprise/sso/providers/okta", { name: "Okta", issuer, clientId: "leadwell", clientSecret: "a-secret-value", enabled: true });
    expect(saved.status, saved.text).toBe(200);
    const browser = bounded.client();
    const started = await browser.get("/api/auth/sso/okta/start");
    const state = new URL(started.headers.location as string).searchParams.get("state");
    expect(state).toBeTruthy();
    // Discovery is read again at the callback: now the code would be exchanged at an inside address.
    issuer = standIn.issuer(name, (iss) => metadata(iss, { token_endpoint: `http://127.0.0.2:${inside.port}/token` }));
    const callback = await browser.get(`/api/auth/sso/okta/callback?code=a-code&state=${encodeURIComponent(state!)}&iss=${encodeURIComponent(issuer)}`);
    expect(callback.headers.location).toBe(PRIVATE_ADDRESS_LANDING);
    expect((await browser.get("/api/auth/me")).status).toBe(401);
    expect(connections()).toBe(0);
    const failures = await rawRows<{ details: string }>(bounded.ctx.db, sql`SELECT details FROM audit_logs WHERE action = 'auth.sso_failed' ORDER BY id`);
    expect(failures.at(-1)?.details).toContain("okta: sso.private_address");
    expect(failures.at(-1)?.details).toContain("token_endpoint");
  });
});
