import { describe, expect, it } from "vitest";
import type { AuditRow, SecurityOverview } from "@contract/security";
import { auditLogs } from "../../db/schema";
import { parseCsv } from "../../test/csv-download";
import { ADMIN, ROLE_PASSWORD, signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

describe.each(testDrivers)("security dashboard and audit trail on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("counts failed sign-ins of the last 24 hours and shows a locked email/address pair", async () => {
    const stranger = suite.rt.client();
    const before = (await suite.admin.get<SecurityOverview>("/api/enterprise/security")).body.failedSignIns.last24h;
    for (let i = 0; i < 3; i++) {
      const res = await stranger.post("/api/auth/login", { email: "nobody@leadwell.test", password: "wrong password here" });
      expect(res.status).toBe(401);
    }
    // Eight failures for one email from one address lock that pair.
    for (let i = 0; i < 8; i++) await stranger.post("/api/auth/login", { email: "locked@leadwell.test", password: "wrong password here" });
    const res = await suite.admin.get<SecurityOverview>("/api/enterprise/security");
    expect(res.status).toBe(200);
    expect(res.body.failedSignIns.last24h - before).toBe(11);
    expect(res.body.failedSignIns.emails).toBeGreaterThanOrEqual(2);
    expect(res.body.lockedSignIns).toContainEqual(expect.objectContaining({ email: "locked@leadwell.test", scope: "staff", address: expect.any(String) }));
    expect(res.body.recentEvents.some((event) => event.action === "auth.login_failed" && event.userEmail === "locked@leadwell.test")).toBe(true);
  });

  it("lists active sessions by a public id (never the token) and revoking one signs that person out", async () => {
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Sam Session", email: "sam@leadwell.test" });
    expect((await agent.get("/api/auth/me")).status).toBe(200);
    const overview = await suite.admin.get<SecurityOverview>("/api/enterprise/security");
    const sams = overview.body.activeSessions.filter((s) => s.userEmail === "sam@leadwell.test");
    expect(sams).toHaveLength(1);
    const session = sams[0]!;
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(overview.body.activeSessions.find((s) => s.userEmail === ADMIN.email)?.current).toBe(true);
    expect(overview.text).not.toMatch(/token/i);

    const revoked = await suite.admin.delete(`/api/enterprise/sessions/${session.id}`);
    expect(revoked.status).toBe(200);
    expect((await agent.get("/api/auth/me")).status).toBe(401);
    expect((await suite.admin.delete(`/api/enterprise/sessions/${session.id}`)).status).toBe(404);
    expect((await suite.admin.delete("/api/enterprise/sessions/not-a-session")).status).toBe(404);

    const after = await suite.admin.get<SecurityOverview>("/api/enterprise/security");
    expect(after.body.activeSessions.some((s) => s.id === session.id)).toBe(false);
    expect(after.body.recentEvents[0]).toMatchObject({ action: "security.session_revoked", userEmail: ADMIN.email });
    expect(after.body.recentEvents[0]!.details).toContain("sam@leadwell.test");
    // What the row says is a code with params too, for the audit trail to show in the reader's language.
    expect(after.body.recentEvents[0]!.detailsCode).toEqual({
      code: expect.stringMatching(/^security\.session_revoked(_from)?$/),
      params: expect.objectContaining({ sessionId: session.id, person: "sam@leadwell.test" }),
    });
  });

  it("lists an audit row written before codes as it was written: its text, no code", async () => {
    await suite.rt.ctx.db.insert(auditLogs).values({ userEmail: ADMIN.email, action: "legacy.change", details: "Written as text before codes" });
    const [row] = (await suite.admin.get<AuditRow[]>("/api/enterprise/audit-trail?action=legacy.")).body;
    expect(row).toMatchObject({ action: "legacy.change", details: "Written as text before codes", detailsCode: null });
  });

  it("keeps the security dashboard to administrators; managers read the audit trail", async () => {
    const manager = await signedInWithRole(suite.rt, "manager", { name: "Max Manager", email: "max@leadwell.test" });
    expect((await manager.get("/api/enterprise/security")).status).toBe(403);
    expect((await manager.delete("/api/enterprise/sessions/00000000-0000-0000-0000-000000000000")).status).toBe(403);
    expect((await manager.get("/api/enterprise/audit-trail")).status).toBe(200);
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vic Viewer", email: "vic@leadwell.test" });
    expect((await viewer.get("/api/enterprise/audit-trail")).status).toBe(403);
  });

  it("records who changed what with address, user agent, brand and session, filters and pages it, and exports it", async () => {
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Ana Audit", email: "ana@leadwell.test" });
    const headers = { "user-agent": "AuditBrowser/1.0", "x-leadwell-brand": encodeURIComponent("Acme Ñandú") };
    for (let i = 0; i < 3; i++) {
      const res = await agent.request("POST", "/api/tasks", { title: `Audited task ${i}` }, headers);
      expect(res.status).toBe(201);
    }
    const sessions = (await suite.admin.get<SecurityOverview>("/api/enterprise/security")).body.activeSessions;
    const anaSession = sessions.find((s) => s.userEmail === "ana@leadwell.test")!;

    const page1 = await suite.admin.get<AuditRow[]>("/api/enterprise/audit-trail?user=ana@&action=task.&limit=2");
    expect(page1.status).toBe(200);
    expect(page1.headers["x-total-count"]).toBe("3");
    expect(page1.body).toHaveLength(2);
    expect(page1.body[0]).toMatchObject({
      action: "task.create",
      userEmail: "ana@leadwell.test",
      userAgent: "AuditBrowser/1.0",
      brand: "Acme Ñandú",
      sessionId: anaSession.id,
      details: expect.stringContaining("Audited task 2"),
    });
    expect(page1.body[0]!.userId).toEqual(expect.any(Number));
    expect(page1.body[0]!.ipAddress).toBeTruthy();
    const cursor = page1.headers["x-next-cursor"] as string;
    expect(cursor).toBeTruthy();
    const page2 = await suite.admin.get<AuditRow[]>(`/api/enterprise/audit-trail?user=ana@&action=task.&limit=2&cursor=${cursor}`);
    expect(page2.body.map((r) => r.details)).toEqual([expect.stringContaining("Audited task 0")]);
    expect(page2.headers["x-next-cursor"]).toBeUndefined();

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await suite.admin.get<AuditRow[]>(`/api/enterprise/audit-trail?user=ana@&from=${today}&to=${today}`);
    expect(inRange.body.length).toBeGreaterThanOrEqual(3);
    const future = await suite.admin.get<AuditRow[]>("/api/enterprise/audit-trail?user=ana@&from=2999-01-01");
    expect(future.body).toEqual([]);
    const reversed = await suite.admin.get<{ code: string; fields: Record<string, string> }>("/api/enterprise/audit-trail?from=2026-02-01&to=2026-01-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toHaveProperty("to");
    expect((await suite.admin.get("/api/enterprise/audit-trail?cursor=bogus")).status).toBe(400);

    const csv = await suite.admin.get("/api/enterprise/audit-trail/export.csv?user=ana@&action=task.create");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const rows = parseCsv(csv.text.replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual(["Id", "When (UTC)", "User id", "User", "Action", "Details", "IP address", "User agent", "Brand", "Session"]);
    expect(rows.slice(1)).toHaveLength(3);
    expect(rows[1]!.slice(3, 5)).toEqual(["ana@leadwell.test", "task.create"]);
    expect(rows[1]![8]).toBe("Acme Ñandú");
  });

  it("records a generic row for a successful change whose area writes none (a notification marked read)", async () => {
    const res = await suite.admin.post("/api/notifications/read-all", undefined, { "user-agent": "ReadAll/2" });
    expect(res.status).toBeLessThan(300);
    const trail = await suite.admin.get<AuditRow[]>("/api/enterprise/audit-trail?action=POST%20/api/notifications/read-all");
    expect(trail.body[0]).toMatchObject({ userEmail: ADMIN.email, userAgent: "ReadAll/2", details: expect.stringContaining("POST /api/notifications/read-all") });
    // A refused change leaves no row.
    const refused = await suite.admin.post("/api/tasks", { title: "" }, { "user-agent": "Refused/1" });
    expect(refused.status).toBe(400);
    const all = await suite.admin.get<AuditRow[]>("/api/enterprise/audit-trail?limit=200");
    expect(all.body.some((row) => row.userAgent === "Refused/1")).toBe(false);
  });

  it("signs a person in and names them and their session in the audit row", async () => {
    const person = suite.rt.client();
    await signedInWithRole(suite.rt, "viewer", { name: "Lou Login", email: "lou@leadwell.test" });
    const res = await person.post("/api/auth/login", { email: "lou@leadwell.test", password: ROLE_PASSWORD });
    expect(res.status).toBe(200);
    const trail = await suite.admin.get<AuditRow[]>("/api/enterprise/audit-trail?user=lou@&action=auth.login");
    expect(trail.body[0]).toMatchObject({ action: "auth.login", userId: expect.any(Number), sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
