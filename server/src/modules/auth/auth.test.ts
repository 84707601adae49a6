import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { auditLogs, notifications, users } from "../../db/schema";
import { ADMIN, startTestRuntime, testDrivers, type TestRuntime } from "../../test/test-runtime";

const auditActions = async (rt: TestRuntime, email: string) =>
  (await rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.userEmail, email)).orderBy(desc(auditLogs.id))).map((r) => r.action);

describe.each(testDrivers)("staff sign-in on %s", (driver) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
  });
  afterAll(() => rt.stop());

  it("refuses set-up without the set-up token or with a wrong one, and creates nothing", async () => {
    const setupToken = await rt.readSetupToken();
    expect(setupToken).toMatch(/^[0-9A-Za-z]{5}(-[0-9A-Za-z]{5}){3}$/);
    const attacker = rt.client();

    const missing = await attacker.post("/api/auth/setup", ADMIN);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: "setupToken: This field is required",
      code: "field.required",
      fields: { setupToken: "This field is required" },
      fieldCodes: { setupToken: { code: "field.required" } },
    });
    const blank = await attacker.post("/api/auth/setup", { ...ADMIN, setupToken: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ fields: { setupToken: "This field is required" } });

    for (const wrong of ["guessed-token", setupToken!.slice(0, -1), `${setupToken}x`, setupToken!.toLowerCase()]) {
      const res = await attacker.post("/api/auth/setup", { ...ADMIN, setupToken: wrong });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: "The set-up token is not correct. Copy it from the server log.",
        code: "auth.wrong_setup_token",
        fields: { setupToken: "The set-up token is not correct. Copy it from the server log." },
        fieldCodes: { setupToken: { code: "auth.wrong_setup_token" } },
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }

    expect((await attacker.get("/api/auth/me")).status).toBe(401);
    expect((await rt.client().get("/api/auth/setup")).body).toEqual({ needsSetup: true });
    expect(await rt.ctx.db.select().from(users)).toHaveLength(0);
    expect(await auditActions(rt, ADMIN.email)).not.toContain("auth.setup");
    expect(await rt.readSetupToken()).toBe(setupToken);
  });

  it("offers set-up once with the right token, creates the first administrator, then drops the token", async () => {
    const visitor = rt.client();
    expect((await visitor.get("/api/auth/setup")).body).toEqual({ needsSetup: true });
    const setupToken = await rt.readSetupToken();

    const weak = await visitor.post("/api/auth/setup", { ...ADMIN, password: "short", setupToken });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ fields: { password: "Password must be at least 12 characters" } });
    expect((weak.body as { error: string }).error).toContain("password");

    // Pasted from a log with the surrounding spaces: still the token.
    const created = await visitor.post("/api/auth/setup", { ...ADMIN, email: "Ada@Leadwell.TEST", setupToken: ` ${setupToken} ` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: ADMIN.name, email: ADMIN.email, role: "admin" });
    expect(created.headers["set-cookie"]).toMatch(/leadwell_session=.*HttpOnly.*SameSite=Lax/i);
    expect((await visitor.get("/api/auth/me")).body).toMatchObject({ email: ADMIN.email, role: "admin" });
    expect(await rt.readSetupToken()).toBeUndefined();

    expect((await rt.client().get("/api/auth/setup")).body).toEqual({ needsSetup: false });
    const again = await rt.client().post("/api/auth/setup", { ...ADMIN, email: "eve@leadwell.test", setupToken });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Setup is already complete. Sign in instead.", code: "auth.setup_done" });
    // Whatever the body: a 400 naming a missing setupToken would tell a caller that set-up is still open.
    for (const body of [{}, { ...ADMIN }, { setupToken: "x" }, { ...ADMIN, password: "short" }]) {
      const late = await rt.client().post("/api/auth/setup", body);
      expect({ status: late.status, body: late.body }).toEqual({ status: 409, body: { error: "Setup is already complete. Sign in instead.", code: "auth.setup_done" } });
    }
    expect(await rt.ctx.db.select().from(users)).toHaveLength(1);
    expect(await auditActions(rt, ADMIN.email)).toContain("auth.setup");
  });

  it("signs in with the right password in any letter case of the email, and not otherwise", async () => {
    const client = rt.client();
    const wrong = await client.post("/api/auth/login", { email: ADMIN.email, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: "Email or password is incorrect", code: "auth.wrong_credentials" });
    const unknown = await client.post("/api/auth/login", { email: "nobody@leadwell.test", password: "whatever123456" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: "Email or password is incorrect", code: "auth.wrong_credentials" });
    expect((await client.get("/api/auth/me")).status).toBe(401);

    const ok = await client.post("/api/auth/login", { email: "ADA@leadwell.test", password: ADMIN.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: ADMIN.email, role: "admin" });
    expect(ok.body).not.toHaveProperty("passwordHash");
    const me = await client.get<{ lastLoginAt: string }>("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.lastLoginAt).not.toBeNull();

    const actions = await auditActions(rt, ADMIN.email);
    expect(actions).toContain("auth.login_failed");
    expect(actions).toContain("auth.login");
    const [failure] = await rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.login_failed")).limit(1);
    expect(failure?.ipAddress).toBeTruthy();
  });

  it("rejects a malformed sign-in with a 400 naming the field", async () => {
    const res = await rt.client().post("/api/auth/login", { email: "not-an-email", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "email: Valid email is required", fields: { email: "Valid email is required" } });
  });

  it("locks an email for 15 minutes after 8 failed sign-ins, even against the right password", async () => {
    const client = rt.client();
    for (let i = 0; i < 8; i++) {
      const res = await client.post("/api/auth/login", { email: ADMIN.email, password: `wrong password ${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      error: "Too many failed sign-ins for this email. Try again in 15 minutes.",
      code: "auth.too_many_sign_ins",
      params: { minutes: 15 },
    });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    // Other emails are not affected.
    expect((await client.post("/api/auth/login", { email: "other@leadwell.test", password: "whatever123456" })).status).toBe(401);
    const alerts = await rt.ctx.db.select().from(notifications).where(eq(notifications.userEmail, ADMIN.email));
    expect(alerts.some((n) => n.type === "security" && n.message.includes("locked"))).toBe(true);
    expect(await auditActions(rt, ADMIN.email)).toContain("auth.login_locked");
    // Lift the lock for the remaining tests the way time would.
    await rt.ctx.database.executeSql("UPDATE login_throttle SET locked_until = now() - interval '1 second'", [] as unknown[]);
    await rt.ctx.database.executeSql("DELETE FROM login_throttle WHERE locked_until < now()");
    expect((await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
  });

  it("signs out: the session stops working and the sign-out is audited", async () => {
    const client = rt.client();
    await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
    expect((await client.get("/api/auth/me")).status).toBe(200);
    const out = await client.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect((await client.get("/api/auth/me")).status).toBe(401);
    expect(await auditActions(rt, ADMIN.email)).toContain("auth.logout");
    // Signing out twice is harmless.
    expect((await client.post("/api/auth/logout")).status).toBe(200);
  });

  it("refuses a forged or tampered session cookie", async () => {
    const res = await rt.client().get("/api/auth/me", { cookie: "leadwell_session=forged.value" });
    expect(res.status).toBe(401);
  });
});

describe.each(testDrivers)("session expiry and headless administrator on %s", (driver) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, {
      sessionTtlMs: 1_000,
      admin: { name: "Env Admin", email: "env-admin@leadwell.test", password: "from-the-environment" },
    });
  });
  afterAll(() => rt.stop());

  it("creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD, so no set-up screen (nor token) is offered", async () => {
    expect((await rt.client().get("/api/auth/setup")).body).toEqual({ needsSetup: false });
    expect(await rt.readSetupToken()).toBeUndefined();
    const setup = await rt.client().post("/api/auth/setup", { ...ADMIN, setupToken: "anything" });
    expect(setup.status).toBe(409);
    const res = await rt.client().post("/api/auth/login", { email: "env-admin@leadwell.test", password: "from-the-environment" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Env Admin", role: "admin" });
  });

  it("ends a session once its lifetime has passed", async () => {
    const client = rt.client();
    await client.post("/api/auth/login", { email: "env-admin@leadwell.test", password: "from-the-environment" });
    expect((await client.get("/api/auth/me")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_300));
    const expired = await client.get("/api/auth/me");
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "Please sign in to continue", code: "request.unauthorized" });
  });
});
