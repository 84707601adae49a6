import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ApiKey, CreatedApiKey } from "@contract/api-keys";
import { apiKeys, auditLogs } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { ADMIN, suiteWithAdmin, testDrivers } from "../../test/test-runtime";
import { hashPassword } from "../../lib/password";
import { insertUser } from "../auth/users.data";

describe.each(testDrivers)("API keys on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("refuses a blank label with a 400 naming the field", async () => {
    const res = await suite.admin.post("/api/settings/api-keys", { label: "   " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "label: Label is required", code: "api_key.label_required", fields: { label: "Label is required" }, fieldCodes: { label: { code: "api_key.label_required" } } });
  });

  it("shows a new key once, stores only its hash, and never lists it again", async () => {
    const created = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Website form" });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^[0-9A-Za-z]{64}$/);
    expect(created.body).toMatchObject({ label: "Website form", prefix: created.body.key.slice(0, 8), scope: "leads:write", lastUsed: null });

    const [stored] = await suite.rt.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.id));
    expect(stored?.keyHash).toBe(sha256Hex(created.body.key));
    expect(JSON.stringify(stored)).not.toContain(created.body.key);

    const list = await suite.admin.get<ApiKey[]>("/api/settings/api-keys");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty("key");
    expect(list.text).not.toContain(created.body.key);
  });

  it("authenticates API calls with the key, records its use, and stops once deleted", async () => {
    const created = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Quiz funnel", scope: "read" });
    const bearer = { authorization: `Bearer ${created.body.key}` };
    const anonymous = suite.rt.client();

    const me = await anonymous.get("/api/auth/me", bearer);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: ADMIN.email });
    const listed = await suite.admin.get<ApiKey[]>("/api/settings/api-keys");
    expect(listed.body.find((k) => k.id === created.body.id)?.lastUsed).not.toBeNull();

    const bad = await anonymous.get("/api/auth/me", { authorization: `Bearer ${"x".repeat(64)}` });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: "The API key is not valid", code: "auth.api_key_invalid" });

    expect((await suite.admin.delete(`/api/settings/api-keys/${created.body.id}`)).body).toEqual({ ok: true });
    expect((await anonymous.get("/api/auth/me", bearer)).status).toBe(401);
    const again = await suite.admin.delete(`/api/settings/api-keys/${created.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "API key not found", code: "api_key.not_found" });

    const actions = (await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.userEmail, ADMIN.email))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["api_key.create", "api_key.delete"]));
  });

  it("lets only administrators manage keys", async () => {
    await insertUser(suite.rt.ctx.db, { name: "Sam Staff", email: "sam@leadwell.test", passwordHash: await hashPassword("staff password 1"), role: "manager" });
    const staff = suite.rt.client();
    await staff.post("/api/auth/login", { email: "sam@leadwell.test", password: "staff password 1" });
    const res = await staff.post("/api/settings/api-keys", { label: "Mine" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Your role does not allow this (apiKeys.manage)", code: "auth.permission_required", params: { permission: "apiKeys.manage" } });
    expect((await staff.get("/api/settings/api-keys")).status).toBe(403);
  });
});
