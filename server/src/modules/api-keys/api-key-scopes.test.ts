import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { ApiKey, ApiKeyScope, CreatedApiKey } from "@contract/api-keys";
import type { Lead } from "@contract/leads";
import { apiKeys, auditLogs } from "../../db/schema";
import { ADMIN, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { hashPassword } from "../../lib/password";
import { insertUser } from "../auth/users.data";
import { notify } from "../../kernel/notify";

const KEY_FREE = { error: "API keys cannot be used for this request; sign in instead", code: "auth.api_key_not_allowed" };
const scopeRefusal = (scope: ApiKeyScope) => ({ error: `This API key's scope (${scope}) does not allow this request`, code: "auth.api_key_scope", params: { scope } });

const sampleParams: Record<string, string> = { id: "1", email: "someone%40leadwell.test", code: "PARTNER1" };
const concretePath = (url: string) => url.replace(/:([A-Za-z_]+)|\*/g, (m, name: string | undefined) => sampleParams[name ?? m] ?? "1");

let leadCounter = 0;
const aLead = () => {
  leadCounter++;
  return { businessOwnerName: "Olga", businessOwnerLastName: `Owner${leadCounter}`, businessName: `Scoped ${leadCounter}`, email: `scoped${leadCounter}@example.com` };
};

describe.each(testDrivers)("API key scopes on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  async function keyWith(scope: ApiKeyScope | undefined, by: TestClient = suite.admin) {
    const created = await by.post<CreatedApiKey>("/api/settings/api-keys", { label: `Key ${scope ?? "default"}`, ...(scope ? { scope } : {}) });
    expect(created.status).toBe(201);
    return { ...created.body, bearer: { authorization: `Bearer ${created.body.key}` } };
  }

  /** Calls a route as a key would, with an empty JSON body for methods that carry one. */
  const callAs = (bearer: Record<string, string>, method: string, url: string) =>
    suite.rt.client().request(method as "GET", concretePath(url), method === "GET" || method === "DELETE" ? undefined : {}, bearer);

  it("takes the scope at creation, defaults to leads:write, lists it, and names it in the audit and the notification", async () => {
    const unscoped = await keyWith(undefined);
    expect(unscoped.scope).toBe("leads:write");
    const reader = await keyWith("read");
    expect(reader.scope).toBe("read");

    const listed = await suite.admin.get<ApiKey[]>("/api/settings/api-keys");
    expect(listed.body.find((k) => k.id === unscoped.id)?.scope).toBe("leads:write");
    expect(listed.body.find((k) => k.id === reader.id)?.scope).toBe("read");

    const audits = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "api_key.create"));
    expect(audits.map((a) => a.details)).toContain(`API key "Key read" (${reader.prefix}…) created with scope read`);
    const notes = await suite.admin.get<{ message: string }[]>("/api/notifications");
    expect(notes.body.map((n) => n.message)).toContain(`${ADMIN.name} created the API key "Key read" with scope read`);
  });

  it("refuses an unknown scope with a 400 naming the field", async () => {
    const res = await suite.admin.post("/api/settings/api-keys", { label: "Too much", scope: "admin" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "scope: Scope must be one of leads:write, read, full",
      code: "api_key.invalid_scope",
      params: { options: "leads:write, read, full" },
      fields: { scope: "Scope must be one of leads:write, read, full" },
      fieldCodes: { scope: { code: "api_key.invalid_scope", params: { options: "leads:write, read, full" } } },
    });
    expect((await suite.admin.post("/api/settings/api-keys", { label: "Blank", scope: "" })).status).toBe(400);
  });

  it("never lets a key, even an administrator's full key, manage keys or read another person's notifications", async () => {
    const full = await keyWith("full");
    const minted = await callAs(full.bearer, "POST", "/api/settings/api-keys");
    expect(minted.status).toBe(403);
    expect(minted.body).toEqual(KEY_FREE);
    const withBody = await suite.rt.client().post("/api/settings/api-keys", { label: "Child", scope: "full" }, full.bearer);
    expect(withBody.status).toBe(403);
    expect((await suite.rt.client().get("/api/settings/api-keys", full.bearer)).body).toEqual(KEY_FREE);
    const revoked = await suite.rt.client().request("DELETE", `/api/settings/api-keys/${full.id}`, undefined, full.bearer);
    expect(revoked.status).toBe(403);
    expect(revoked.body).toEqual(KEY_FREE);

    await insertUser(suite.rt.ctx.db, { name: "Nora Notified", email: "nora@leadwell.test", passwordHash: await hashPassword("nora password 1"), role: "manager" });
    await notify(suite.rt.ctx.db, ["nora@leadwell.test"], { type: "task", code: "task.due_today", params: { title: "Private to Nora" }, link: null });
    const foreign = await suite.rt.client().get(`/api/notifications/${encodeURIComponent("nora@leadwell.test")}`, full.bearer);
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain("Private to Nora");
    // The same administrator, signed in, may read them: only the key is refused.
    expect((await suite.admin.get(`/api/notifications/${encodeURIComponent("nora@leadwell.test")}`)).status).toBe(200);
    const own = await suite.rt.client().get(`/api/notifications/${encodeURIComponent(ADMIN.email)}`, full.bearer);
    expect(own.status).toBe(200);

    // Everything else a full key may do, reads and writes alike.
    expect((await suite.rt.client().get("/api/leads", full.bearer)).status).toBe(200);
    const created = await suite.rt.client().post<Lead>("/api/leads", aLead(), full.bearer);
    expect(created.status).toBe(201);
    const deleted = await suite.rt.client().request("DELETE", `/api/leads/${created.body.id}`, undefined, full.bearer);
    expect(deleted.status).toBe(200);
  });

  it("lets a read key call GET routes and nothing else", async () => {
    const reader = await keyWith("read");
    expect((await suite.rt.client().get("/api/leads", reader.bearer)).status).toBe(200);
    expect((await suite.rt.client().get("/api/auth/me", reader.bearer)).body).toMatchObject({ email: ADMIN.email });
    const head = await suite.rt.app.inject({ method: "HEAD", url: "/api/leads", headers: reader.bearer });
    expect(head.statusCode).toBe(200);

    const res = await suite.rt.client().post("/api/leads", aLead(), reader.bearer);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(scopeRefusal("read"));
  });

  it("lets a leads:write key capture leads and nothing else", async () => {
    const capture = await keyWith("leads:write");
    const res = await suite.rt.client().post<Lead>("/api/leads", aLead(), capture.bearer);
    expect(res.status).toBe(201);
    const list = await suite.rt.client().get("/api/leads", capture.bearer);
    expect(list.status).toBe(403);
    expect(list.body).toEqual(scopeRefusal("leads:write"));
    const head = await suite.rt.app.inject({ method: "HEAD", url: "/api/leads", headers: capture.bearer });
    expect(head.statusCode).toBe(403);
  });

  /** Closed to every key: Settings (keys, webhooks, sent mail) and configuring integrations (their secrets). */
  // Settings (keys, webhooks, sent mail), the integrations' configuration, money, managing people and sessions, and a
  // person's own password, name and sessions.
  const isKeyFree = (route: { method: string; url: string }) =>
    route.url === "/api/auth/password" ||
    route.url === "/api/auth/name" ||
    route.url === "/api/auth/sessions/end-others" ||
    route.url.startsWith("/api/settings/") ||
    (route.url.startsWith("/api/integrations/") && route.method !== "GET") ||
    /^\/api\/affiliates\/:id\/(commissions|payouts)/.test(route.url) ||
    /^\/api\/enterprise\/(users|invitations|security|sessions|sso\/providers)/.test(route.url) ||
    (route.url.startsWith("/api/white-label/brands") && route.method !== "GET");

  it("refuses a read key on every API route that is not a GET, before validating anything", async () => {
    const reader = await keyWith("read");
    const writes = suite.rt.routes.filter((r) => r.method !== "GET");
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const res = await callAs(reader.bearer, route.method, route.url);
      const name = `${route.method} ${route.url}`;
      expect({ route: name, status: res.status }).toEqual({ route: name, status: 403 });
      // The key-free routes say they are closed to every key; the rest names the scope.
      expect({ route: name, body: res.body }).toEqual({ route: name, body: isKeyFree(route) ? KEY_FREE : scopeRefusal("read") });
    }
  });

  it("refuses a leads:write key on every API route except POST /api/leads", async () => {
    const capture = await keyWith("leads:write");
    const others = suite.rt.routes.filter((r) => !(r.method === "POST" && r.url === "/api/leads"));
    expect(others.length).toBeGreaterThan(20);
    for (const route of others) {
      const res = await callAs(capture.bearer, route.method, route.url);
      const name = `${route.method} ${route.url}`;
      expect({ route: name, status: res.status }).toEqual({ route: name, status: 403 });
    }
  });

  it("refuses the key-free routes, and only those, to a full key", async () => {
    const full = await keyWith("full");
    const refused: string[] = [];
    for (const route of suite.rt.routes) {
      const res = await callAs(full.bearer, route.method, route.url);
      if (res.status === 403 && JSON.stringify(res.body) === JSON.stringify(KEY_FREE)) refused.push(`${route.method} ${route.url}`);
      expect({ route: `${route.method} ${route.url}`, body: res.body }).not.toEqual({ route: `${route.method} ${route.url}`, body: scopeRefusal("full") });
    }
    // Every Settings route (API keys, webhooks, sent mail), the integrations' and single sign-on's configuration, brands,
    // money, people, one's own password and sessions, and nothing else.
    const keyFree = suite.rt.routes.filter(isKeyFree).map((r) => `${r.method} ${r.url}`);
    expect(refused.sort()).toEqual(keyFree.sort());
    expect(refused).toEqual(expect.arrayContaining(["PUT /api/integrations/:kind", "POST /api/integrations/:kind/test"]));
    expect(refused).toEqual(expect.arrayContaining(["DELETE /api/settings/api-keys/:id", "GET /api/settings/api-keys", "POST /api/settings/api-keys"]));
  });

  it("stops a key whose creator's account is deleted, and deletes the key with it", async () => {
    await insertUser(suite.rt.ctx.db, { name: "Lee Leaver", email: "lee@leadwell.test", passwordHash: await hashPassword("lee password 12"), role: "admin" });
    const leaver = suite.rt.client();
    expect((await leaver.post("/api/auth/login", { email: "lee@leadwell.test", password: "lee password 12" })).status).toBe(200);
    const key = await keyWith("full", leaver);
    expect((await suite.rt.client().get("/api/leads", key.bearer)).status).toBe(200);

    await suite.rt.ctx.db.execute(sql`DELETE FROM users WHERE lower(email) = 'lee@leadwell.test'`);

    const res = await suite.rt.client().get("/api/leads", key.bearer);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "The API key is not valid", code: "auth.api_key_invalid" });
    expect(await suite.rt.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toEqual([]);
    const listed = await suite.admin.get<ApiKey[]>("/api/settings/api-keys");
    expect(listed.body.map((k) => k.id)).not.toContain(key.id);
  });
});
