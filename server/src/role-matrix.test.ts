import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleGrants, type Permission } from "@contract/access-policy";
import { userRoles, type UserRole } from "@contract/auth";
import type { RegisteredRoute } from "./app";
import { signedInAdmin, signedInWithRole, startTestRuntime, type TestClient, type TestRuntime } from "./test/test-runtime";

/*
 * The role matrix: every API route, called by a person of every role, answers as the role's permissions say. The
 * routes come from the running app's route table, so a route added later is walked without editing this file.
 *
 * Two kinds of check. The first is the rules themselves, written here independently of the grants table in
 * contract/access-policy.ts: a viewer writes nothing, and only administrators manage people, keys, webhooks,
 * integrations, money, mail and security. The second is enforcement: for every route and role, the server refuses
 * (403 auth.permission_required) exactly when the role lacks the route's declared permission, before validation.
 */

const sampleParams: Record<string, string> = { id: "999999", email: "nobody%40leadwell.test", kind: "slack", leadId: "999999", deliveryId: "999999" };
const concretePath = (url: string) => url.replace(/:([A-Za-z_]+)|\*/g, (m, name: string | undefined) => sampleParams[name ?? m] ?? "1");
const key = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/**
 * Routes a viewer may call although they are not reads: a person's own session and name, notifications and saved views of the
 * leads table (a personal view changes nobody else's data; sharing one is refused to a viewer by the service).
 */
const VIEWER_MAY_WRITE = [
  "POST /api/auth/logout",
  "PUT /api/auth/password",
  "PUT /api/auth/name",
  "POST /api/auth/sessions/end-others",
  "POST /api/notifications/:id/read",
  "POST /api/notifications/read-all",
  "POST /api/affiliates/logout",
  "POST /api/lead-views",
  "PUT /api/lead-views/:id",
  "DELETE /api/lead-views/:id",
  "PUT /api/lead-views/:id/default",
  "DELETE /api/lead-views/default",
];

/** Only administrators: people, credentials, outside connections, money, outgoing mail and security. */
const ADMIN_ONLY = [
  /^(GET|POST|PUT|DELETE) \/api\/settings\/(api-keys|webhooks|mail-)/,
  /^(POST|PUT|DELETE) \/api\/integrations\//,
  /^POST \/api\/affiliates\/:id\/(commissions|payouts)/,
  /^(GET|POST|PUT|DELETE) \/api\/enterprise\/(users|invitations|security|sessions)/,
  /^(POST|PUT|DELETE) \/api\/enterprise\/sso\//,
  /^(POST|PUT|DELETE) \/api\/white-label\/brands/,
];

const PEOPLE: Record<Exclude<UserRole, "admin">, { name: string; email: string }> = {
  manager: { name: "Mona Manager", email: "mona@leadwell.test" },
  agent: { name: "Aldo Agent", email: "aldo@leadwell.test" },
  viewer: { name: "Vera Viewer", email: "vera@leadwell.test" },
};

function mayCall(role: UserRole, route: RegisteredRoute): boolean {
  const permission = route.permission;
  return route.public || permission === undefined || permission === "signedIn" || roleGrants[role].includes(permission as Permission);
}

describe("role matrix", () => {
  let rt: TestRuntime;
  const clients = {} as Record<UserRole, TestClient>;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    rt = await startTestRuntime("pglite");
    clients.admin = await signedInAdmin(rt);
    for (const role of ["manager", "agent", "viewer"] as const) clients[role] = await signedInWithRole(rt, role, PEOPLE[role]);
    // Signing out would end the walk's sessions; it is public and covered by the auth tests.
    routes = [...new Map(rt.routes.map((route) => [key(route), route])).values()].filter((route) => !route.url.endsWith("/logout"));
  });
  afterAll(() => rt?.stop());

  it("has a declared access for every route, the API documentation's included", () => {
    const undeclared = routes.filter((route) => !route.public && route.permission === undefined).map(key);
    expect(undeclared).toEqual([]);
    expect(routes.length).toBeGreaterThan(80);
  });

  it("lets a viewer read but write nothing beyond their own session and password, notifications and saved views", () => {
    const writes = routes.filter((route) => route.method !== "GET" && !route.public && mayCall("viewer", route)).map(key);
    expect(writes.sort()).toEqual(VIEWER_MAY_WRITE.filter((route) => routes.some((r) => key(r) === route)).sort());
    const reads = routes.filter((route) => route.method === "GET" && route.permission === "crm.read");
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.every((route) => mayCall("viewer", route))).toBe(true);
  });

  it("keeps people, keys, webhooks, integrations, money and security to administrators", () => {
    const adminOnly = routes.filter((route) => ADMIN_ONLY.some((pattern) => pattern.test(key(route))));
    expect(adminOnly.length).toBeGreaterThan(10);
    for (const role of ["manager", "agent", "viewer"] as const) {
      expect(adminOnly.filter((route) => mayCall(role, route)).map(key), role).toEqual([]);
    }
  });

  it("gives each role at least what the role below it has", () => {
    const order: UserRole[] = ["viewer", "agent", "manager", "admin"];
    for (let i = 1; i < order.length; i += 1) {
      const below = roleGrants[order[i - 1]!];
      expect(below.filter((permission) => !roleGrants[order[i]!].includes(permission)), order[i]).toEqual([]);
    }
    expect(userRoles).toEqual(["admin", "manager", "agent", "viewer"]);
  });

  it("refuses every route to exactly the roles its permission excludes, before validation", { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const route of routes.filter((r) => !r.public)) {
      for (const role of userRoles) {
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const res = await clients[role].request(route.method as "GET", concretePath(route.url), body);
        const refused = res.status === 403 && (res.body as { code?: string } | undefined)?.code === "auth.permission_required";
        if (refused === mayCall(role, route)) mismatches.push(`${role} ${key(route)} (${route.permission}): ${res.status} ${res.text.slice(0, 120)}`);
        if (res.status >= 500 || res.status === 401) mismatches.push(`${role} ${key(route)}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
