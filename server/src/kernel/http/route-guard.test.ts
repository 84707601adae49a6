import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRuntime, floorDrivers, type TestRuntime } from "../../test/test-runtime";

/** The only API routes anyone may call without a session or key; adding one here is a deliberate decision. */
const PUBLIC_ROUTES = [
  "GET /api/health",
  "GET /api/auth/setup",
  "POST /api/auth/setup",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/consent/update",
  "POST /api/affiliates/signup",
  "POST /api/affiliates/login",
  "POST /api/join",
  // One-time links from an administrator (invitations, password resets): their token is the credential.
  "POST /api/auth/invitations/lookup",
  "POST /api/auth/invitations/accept",
  "POST /api/auth/password-reset/lookup",
  "POST /api/auth/password-reset",
  // NPS survey links sent to leads: their token is the credential.
  "POST /api/nps/survey/lookup",
  "POST /api/nps/survey/respond",
  // Single sign-on: the buttons' list and the browser's round trip to the provider happen before anyone is signed in.
  "GET /api/auth/sso/providers",
  "GET /api/auth/sso/:provider/start",
  "GET /api/auth/sso/:provider/callback",
].sort();

const sampleParams: Record<string, string> = { id: "1", email: "someone%40leadwell.test", "*": "index.html" };
const concretePath = (url: string) => url.replace(/:([A-Za-z_]+)|\*/g, (m, name: string | undefined) => sampleParams[name ?? m] ?? "1");

describe.each(floorDrivers)("route guard on %s", (driver) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
  });
  afterAll(() => rt.stop());

  it("keeps exactly the intended routes public", () => {
    const publicRoutes = rt.routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect([...new Set(publicRoutes)].sort()).toEqual(PUBLIC_ROUTES);
  });

  it("answers 401 on every other API route without credentials", async () => {
    const guarded = rt.routes.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(8);
    for (const route of guarded) {
      const res = await rt.client().request(route.method as "GET", concretePath(route.url), route.method === "GET" || route.method === "DELETE" ? undefined : {});
      expect({ route: `${route.method} ${route.url}`, status: res.status }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      expect(res.body).toEqual({ error: "Please sign in to continue", code: "request.unauthorized" });
    }
  });
});
