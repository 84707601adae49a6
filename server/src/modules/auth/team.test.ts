import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/auth";
import type { CreatedInvitation, Invitation, OneTimeLink, RoleSummary, TeamMember } from "@contract/team";
import { rawRows } from "../../db/raw-rows";
import { ADMIN, ROLE_PASSWORD, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const tokenOf = (path: string) => path.slice(path.indexOf("#") + 1);

describe.each(testDrivers)("team and roles on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  const signIn = async (email: string, password: string): Promise<TestClient> => {
    const client = suite.rt.client();
    const res = await client.post("/api/auth/login", { email, password });
    expect(res.status, res.text).toBe(200);
    return client;
  };
  const audit = (action: string) =>
    rawRows<{ user_email: string; details: string }>(suite.rt.ctx.db, sql`SELECT user_email, details FROM audit_logs WHERE action = ${action} ORDER BY id`);
  const memberByEmail = async (email: string) => (await suite.admin.get<TeamMember[]>("/api/enterprise/users")).body.find((m) => m.email === email)!;

  it("lists the four roles with what each may do", async () => {
    const res = await suite.admin.get<{ roles: RoleSummary[] }>("/api/enterprise/permissions");
    expect(res.status).toBe(200);
    expect(res.body.roles.map((r) => r.name)).toEqual(["admin", "manager", "agent", "viewer"]);
    const byName = Object.fromEntries(res.body.roles.map((r) => [r.name, r]));
    expect(byName.viewer!.permissions).toEqual(["crm.read"]);
    expect(byName.viewer!.permissionCount).toBe(1);
    expect(byName.agent!.permissions).not.toContain("leads.readAll");
    expect(byName.admin!.permissionCount).toBeGreaterThan(byName.manager!.permissionCount);
    expect(byName.manager!.permissions).not.toContain("users.manage");
  });

  it("invites with a one-time link that creates the account with its role, once", async () => {
    const res = await suite.admin.post<CreatedInvitation>("/api/enterprise/invitations", { email: "Ivy@Leadwell.test", name: "Ivy", role: "agent" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.invitation).toMatchObject({ email: "ivy@leadwell.test", name: "Ivy", role: "agent", invitedBy: ADMIN.email });
    expect(res.body.link.path).toMatch(/^\/invite#[A-Za-z0-9_-]{43}$/);
    // Without SMTP the mail waits in Sent mail, with the link inside; the database keeps only the token's hash.
    expect(res.body.link.mail).toBe("held");
    const token = tokenOf(res.body.link.path);
    const [stored] = await rawRows<{ n: number }>(suite.rt.ctx.db, sql`SELECT count(*)::int AS n FROM user_invitations WHERE token_hash = ${token}`);
    expect(stored!.n).toBe(0);
    expect((await suite.admin.get<Invitation[]>("/api/enterprise/invitations")).body.map((i) => i.email)).toEqual(["ivy@leadwell.test"]);

    const visitor = suite.rt.client();
    expect((await visitor.post("/api/auth/invitations/lookup", { token })).body).toMatchObject({ email: "ivy@leadwell.test", name: "Ivy", role: "agent" });
    const weak = await visitor.post("/api/auth/invitations/accept", { token, name: "Ivy Ingram", password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ fields: { password: expect.any(String) } });

    const accepted = await visitor.post<CurrentUser>("/api/auth/invitations/accept", { token, name: "Ivy Ingram", password: ROLE_PASSWORD });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body).toMatchObject({ email: "ivy@leadwell.test", name: "Ivy Ingram", role: "agent" });
    expect((await visitor.get<CurrentUser>("/api/auth/me")).body.permissions).toContain("leads.write");
    // An agent works leads but cannot delete them or manage the team.
    expect((await visitor.get("/api/enterprise/users")).status).toBe(403);

    const again = await suite.rt.client().post("/api/auth/invitations/accept", { token, name: "Someone Else", password: ROLE_PASSWORD });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "team.invitation_invalid", fields: { token: expect.any(String) } });
    expect((await suite.admin.get<Invitation[]>("/api/enterprise/invitations")).body).toEqual([]);
    expect(await audit("team.invitation_accepted")).toEqual([{ user_email: "ivy@leadwell.test", details: "Joined as agent" }]);
  });

  it("refuses to invite a staff member's email, and a new invitation replaces the earlier link", async () => {
    const taken = await suite.admin.post("/api/enterprise/invitations", { email: ADMIN.email, role: "viewer" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "team.email_taken", fields: { email: expect.any(String) } });

    const first = await suite.admin.post<CreatedInvitation>("/api/enterprise/invitations", { email: "jo@leadwell.test", role: "viewer" });
    const second = await suite.admin.post<CreatedInvitation>("/api/enterprise/invitations", { email: "jo@leadwell.test", role: "manager" });
    expect((await suite.rt.client().post("/api/auth/invitations/lookup", { token: tokenOf(first.body.link.path) })).status).toBe(404);
    expect((await suite.rt.client().post("/api/auth/invitations/lookup", { token: tokenOf(second.body.link.path) })).body).toMatchObject({ role: "manager" });

    expect((await suite.admin.delete(`/api/enterprise/invitations/${second.body.invitation.id}`)).status).toBe(200);
    expect((await suite.rt.client().post("/api/auth/invitations/lookup", { token: tokenOf(second.body.link.path) })).status).toBe(404);
  });

  it("changes a role for the person's next request, and never leaves no active administrator", async () => {
    const vera = await signedInWithRole(suite.rt, "viewer", { name: "Vera Viewer", email: "vera@leadwell.test" });
    const lead = { businessOwnerName: "Ana", businessOwnerLastName: "Núñez", businessName: "Núñez Bakery", email: "ana@nunez.test" };
    const refused = await vera.post("/api/leads", lead);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "auth.permission_required", params: { permission: "leads.write" } });

    const member = await memberByEmail("vera@leadwell.test");
    const changed = await suite.admin.put<TeamMember>(`/api/enterprise/users/${member.id}/role`, { role: "agent" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.role).toBe("agent");
    expect((await vera.post("/api/leads", lead)).status).toBe(201);
    expect(await audit("team.role_changed")).toContainEqual({ user_email: ADMIN.email, details: "vera@leadwell.test: viewer → agent" });

    const me = (await suite.admin.get<CurrentUser>("/api/auth/me")).body;
    const lastAdmin = await suite.admin.put(`/api/enterprise/users/${me.id}/role`, { role: "manager" });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body).toMatchObject({ code: "team.last_admin" });
    expect((await suite.admin.put("/api/enterprise/users/999999/role", { role: "agent" })).status).toBe(404);
  });

  it("deactivates at once: sessions and API keys end, sign-in is refused; reactivation lets them back in", async () => {
    const other = await signedInWithRole(suite.rt, "admin", { name: "Otto Admin", email: "otto@leadwell.test" });
    const key = (await other.post<{ key: string }>("/api/settings/api-keys", { label: "Otto's form", scope: "full" })).body.key;
    expect((await suite.rt.client().get("/api/leads", { authorization: `Bearer ${key}` })).status).toBe(200);

    const me = (await suite.admin.get<CurrentUser>("/api/auth/me")).body;
    expect((await suite.admin.post(`/api/enterprise/users/${me.id}/deactivate`)).body).toMatchObject({ code: "team.cannot_deactivate_self" });

    const otto = await memberByEmail("otto@leadwell.test");
    const deactivated = await suite.admin.post<TeamMember>(`/api/enterprise/users/${otto.id}/deactivate`);
    expect(deactivated.status, deactivated.text).toBe(200);
    expect(deactivated.body).toMatchObject({ active: false, activeSessions: 0 });
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await suite.rt.client().get("/api/leads", { authorization: `Bearer ${key}` })).status).toBe(401);
    const signIn = await suite.rt.client().post("/api/auth/login", { email: "otto@leadwell.test", password: ROLE_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: "auth.account_deactivated" });
    expect((await audit("team.deactivated")).at(-1)).toEqual({ user_email: ADMIN.email, details: "otto@leadwell.test: 1 session(s) ended, 1 API key(s) deleted" });

    expect((await suite.admin.post<TeamMember>(`/api/enterprise/users/${otto.id}/reactivate`)).body.active).toBe(true);
    await signIn_(suite.rt.client(), "otto@leadwell.test");
    // The deleted key stays deleted.
    expect((await suite.rt.client().get("/api/leads", { authorization: `Bearer ${key}` })).status).toBe(401);
  });

  async function signIn_(client: TestClient, email: string) {
    expect((await client.post("/api/auth/login", { email, password: ROLE_PASSWORD })).status).toBe(200);
  }

  it("resets a password with a one-time link that ends the old sessions", async () => {
    const pat = await signedInWithRole(suite.rt, "manager", { name: "Pat Manager", email: "pat@leadwell.test" });
    const member = await memberByEmail("pat@leadwell.test");
    const reset = await suite.admin.post<OneTimeLink>(`/api/enterprise/users/${member.id}/password-reset`);
    expect(reset.status, reset.text).toBe(201);
    expect(reset.body.path).toMatch(/^\/reset-password#/);
    expect((await pat.get("/api/auth/me")).status).toBe(401);

    const token = tokenOf(reset.body.path);
    const visitor = suite.rt.client();
    expect((await visitor.post("/api/auth/password-reset/lookup", { token })).body).toMatchObject({ email: "pat@leadwell.test" });
    const done = await visitor.post<CurrentUser>("/api/auth/password-reset", { token, password: "a brand new password" });
    expect(done.status, done.text).toBe(200);
    expect(done.body.email).toBe("pat@leadwell.test");
    expect((await visitor.get("/api/auth/me")).status).toBe(200);

    expect((await suite.rt.client().post("/api/auth/login", { email: "pat@leadwell.test", password: ROLE_PASSWORD })).status).toBe(401);
    await signIn("pat@leadwell.test", "a brand new password");
    const reused = await suite.rt.client().post("/api/auth/password-reset", { token, password: "yet another password" });
    expect(reused.status).toBe(404);
    expect(reused.body).toMatchObject({ code: "team.reset_invalid" });
  });

  it("keeps team management to administrators", async () => {
    const mona = await signedInWithRole(suite.rt, "manager", { name: "Mona Manager", email: "mona@leadwell.test" });
    for (const [method, url] of [
      ["GET", "/api/enterprise/users"],
      ["POST", "/api/enterprise/invitations"],
      ["PUT", "/api/enterprise/users/1/role"],
      ["POST", "/api/enterprise/users/1/deactivate"],
    ] as const) {
      const res = await mona.request(method, url, method === "GET" ? undefined : { role: "admin", email: "x@y.test" });
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
    expect((await mona.get("/api/enterprise/permissions")).status).toBe(200);
  });
});
