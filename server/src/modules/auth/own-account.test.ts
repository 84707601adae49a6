import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentUser, EndedSessions } from "@contract/auth";
import type { CreatedApiKey } from "@contract/api-keys";
import { rawRows } from "../../db/raw-rows";
import { SIGN_IN_POLICY } from "../../kernel/http/attempt-throttle.data";
import { expectFieldError } from "../../test/expect-field-error";
import { ROLE_PASSWORD, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { sign as signCookie } from "@fastify/cookie";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { SESSION_COOKIE } from "./auth.hook";
import { insertSession } from "./session.data";
import { insertUser } from "./users.data";

const PERSON = { name: "Pat Password", email: "pat@leadwell.test" };
const NEW_PASSWORD = "a brand new passphrase";

describe.each(testDrivers)("one's own password and sessions on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  const signIn = async (password: string): Promise<TestClient> => {
    const client = suite.rt.client();
    const res = await client.post("/api/auth/login", { email: PERSON.email, password });
    expect(res.status, res.text).toBe(200);
    return client;
  };
  const audit = (action: string) =>
    rawRows<{ user_email: string; details: string }>(suite.rt.ctx.db, sql`SELECT user_email, details FROM audit_logs WHERE action = ${action} ORDER BY id`);

  it("refuses bad input naming the field and changes nothing", async () => {
    const pat = await signedInWithRole(suite.rt, "agent", PERSON);
    expectFieldError(await pat.put("/api/auth/password", { currentPassword: ROLE_PASSWORD, newPassword: "short" }), "newPassword", "auth.password_too_short");
    expectFieldError(await pat.put("/api/auth/password", { currentPassword: "", newPassword: NEW_PASSWORD }), "currentPassword", "auth.password_required");
    expectFieldError(await pat.put("/api/auth/password", { currentPassword: "not the password", newPassword: NEW_PASSWORD }), "currentPassword", "auth.current_password_wrong");
    expectFieldError(await pat.put("/api/auth/password", { currentPassword: ROLE_PASSWORD, newPassword: ROLE_PASSWORD }), "newPassword", "auth.password_unchanged");
    // The wrong current password is on the audit trail as a failed password; the old password still signs in.
    expect((await audit("auth.password_change_failed")).map((row) => [row.user_email, row.details])).toEqual([[PERSON.email, "Wrong password"]]);
    expect((await audit("auth.password_changed")).length).toBe(0);
    await signIn(ROLE_PASSWORD);
    expect((await suite.rt.client().put("/api/auth/password", { currentPassword: ROLE_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
  });

  it("sets the new password and signs out the person's other sessions, keeping this one", async () => {
    const here = await signIn(ROLE_PASSWORD);
    const elsewhere = await signIn(ROLE_PASSWORD);
    const before = await rawRows<{ n: number }>(
      suite.rt.ctx.db,
      sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ${PERSON.email}`,
    );
    const res = await here.put<EndedSessions>("/api/auth/password", { currentPassword: ROLE_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    // Every other session ends: the one signed in elsewhere and the two the first test opened.
    expect(res.body).toEqual({ endedSessions: before[0]!.n - 1 });

    expect((await here.get<CurrentUser>("/api/auth/me")).body.email).toBe(PERSON.email);
    expect((await elsewhere.get("/api/auth/me")).status).toBe(401);
    expect((await suite.rt.client().post("/api/auth/login", { email: PERSON.email, password: ROLE_PASSWORD })).status).toBe(401);
    await signIn(NEW_PASSWORD);
    expect((await audit("auth.password_changed")).map((row) => [row.user_email, row.details])).toEqual([
      [PERSON.email, `Changed their password; other sessions signed out: ${res.body.endedSessions}`],
    ]);
  });

  it("counts wrong current passwords against the sign-in lockout", async () => {
    const lou = await signedInWithRole(suite.rt, "agent", { name: "Lou Lockout", email: "lou@leadwell.test" });
    for (let attempt = 1; attempt <= SIGN_IN_POLICY.maxAttempts; attempt++) {
      expectFieldError(await lou.put("/api/auth/password", { currentPassword: `guess ${attempt}`, newPassword: NEW_PASSWORD }), "currentPassword", "auth.current_password_wrong");
    }
    // Locked now, the right password too is refused unchecked, on this form and at sign-in alike.
    const locked = await lou.put("/api/auth/password", { currentPassword: ROLE_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
    expect((await suite.rt.client().post("/api/auth/login", { email: "lou@leadwell.test", password: ROLE_PASSWORD })).status).toBe(429);
  });

  it("signs out the person's other sessions on request, keeping this one", async () => {
    const here = await signIn(NEW_PASSWORD);
    const phone = await signIn(NEW_PASSWORD);
    const laptop = await signIn(NEW_PASSWORD);
    const other = await signedInWithRole(suite.rt, "agent", { name: "Olive Other", email: "olive@leadwell.test" });
    const res = await here.post<EndedSessions>("/api/auth/sessions/end-others");
    expect(res.status, res.text).toBe(200);
    expect(res.body.endedSessions).toBeGreaterThanOrEqual(2);
    expect((await here.get("/api/auth/me")).status).toBe(200);
    expect((await phone.get("/api/auth/me")).status).toBe(401);
    expect((await laptop.get("/api/auth/me")).status).toBe(401);
    // Someone else's session is theirs.
    expect((await other.get("/api/auth/me")).status).toBe(200);
    expect((await audit("auth.other_sessions_ended")).map((row) => [row.user_email, row.details])).toEqual([
      [PERSON.email, `Signed out everywhere else; sessions ended: ${res.body.endedSessions}`],
    ]);
    // Nothing left to end: none, and it says so.
    expect((await here.post<EndedSessions>("/api/auth/sessions/end-others")).body).toEqual({ endedSessions: 0 });
    expect((await suite.rt.client().post("/api/auth/sessions/end-others")).status).toBe(401);
  });

  it("is refused to an API key, and to someone who signs in only through single sign-on", async () => {
    const key = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Password changer", scope: "full" });
    const withKey = await suite.rt.client().put("/api/auth/password", { currentPassword: "anything at all", newPassword: NEW_PASSWORD }, { authorization: `Bearer ${key.body.key}` });
    expect(withKey.status).toBe(403);
    expect((await suite.rt.client().post("/api/auth/sessions/end-others", {}, { authorization: `Bearer ${key.body.key}` })).status).toBe(403);

    // A person without a Leadwell password (single sign-on; a demo member of staff not yet invited) has none to change:
    // their session is made as a single sign-on makes one, and its cookie signed as the server signs it.
    await insertUser(suite.rt.ctx.db, { name: "Sol Sso", email: "sol@leadwell.test", passwordHash: null, role: "agent" });
    const [sol] = await rawRows<{ id: number }>(suite.rt.ctx.db, sql`SELECT id FROM users WHERE email = 'sol@leadwell.test'`);
    const token = randomToken(32);
    await insertSession(suite.rt.ctx.db, { tokenHash: sha256Hex(token), userId: sol!.id, ttlMs: 3_600_000, meta: { ip: "127.0.0.1", userAgent: "test" } });
    const cookie = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(signCookie(token, suite.rt.ctx.sessionSecret))}` };
    const solClient = suite.rt.client();
    expect((await solClient.get<CurrentUser>("/api/auth/me", cookie)).body.email).toBe("sol@leadwell.test");
    expectFieldError(await solClient.put("/api/auth/password", { currentPassword: "anything at all", newPassword: NEW_PASSWORD }, cookie), "currentPassword", "auth.no_password_to_change");
  });
});
