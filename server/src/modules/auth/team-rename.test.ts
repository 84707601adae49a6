import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { CurrentUser } from "@contract/auth";
import type { CreatedApiKey } from "@contract/api-keys";
import type { ApiError } from "@contract/errors";
import type { CreatedLead, Lead } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import type { TeamMember } from "@contract/team";
import type { TimelinePage } from "@contract/timeline";
import { rawRows } from "../../db/raw-rows";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

/*
 * Correcting a staff member's name (PUT /api/enterprise/users/{id}/name): the person's leads show the new name and keep
 * their assignee, each with a timeline entry marked renamed and a lead.updated event; the person is told; a refused
 * rename writes nothing.
 */
describe.each(testDrivers)("renaming a staff member on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  const members = async () => (await suite.admin.get<TeamMember[]>("/api/enterprise/users")).body;
  const memberByEmail = async (email: string) => (await members()).find((member) => member.email === email)!;
  const createLead = async (name: string, assigneeId: number | null) => {
    const res = await suite.admin.post<CreatedLead>("/api/leads", {
      businessOwnerName: name,
      businessOwnerLastName: "Owner",
      businessName: `${name} Rename Co`,
      email: `${name.toLowerCase()}@team-rename.test`,
      ...(assigneeId === null ? {} : { assigneeId }),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  };
  const lead = async (id: number) => (await suite.admin.get<Lead>(`/api/leads/${id}`)).body;
  const renameEvents = (leadId: number) =>
    rawRows<{ payload: { changedFields: string[] } }>(
      suite.rt.ctx.db,
      sql`SELECT payload FROM event_outbox WHERE name = 'lead.updated' AND (payload->>'leadId')::int = ${leadId} AND payload->'changedFields' ? 'assignedTo' ORDER BY id`,
    );
  const audits = () => rawRows<{ code: string; params: Record<string, unknown> }>(suite.rt.ctx.db, sql`SELECT code, params FROM audit_logs WHERE action = 'team.renamed' ORDER BY id`);

  it("gives the person's leads the new name, keeping them theirs, each lead's timeline and events saying so", async () => {
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Jon Smyth", email: `jon.${driver}@team-rename.test` });
    const jon = await memberByEmail(`jon.${driver}@team-rename.test`);
    await signedInWithRole(suite.rt, "agent", { name: "Kim Other", email: `kim.${driver}@team-rename.test` });
    const kim = await memberByEmail(`kim.${driver}@team-rename.test`);
    const first = await createLead("Alma", jon.id);
    const second = await createLead("Boris", jon.id);
    const others = await createLead("Cleo", kim.id);
    const unassigned = await createLead("Dora", null);
    const before = await lead(others);

    const res = await suite.admin.put<TeamMember>(`/api/enterprise/users/${jon.id}/name`, { name: "  John Smith " });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: jon.id, name: "John Smith", email: jon.email, role: "agent" });
    expect(await memberByEmail(jon.email)).toMatchObject({ name: "John Smith", assignedLeads: 2 });
    expect((await memberByEmail(kim.email)).assignedLeads).toBe(1);

    for (const id of [first, second]) {
      expect(await lead(id)).toMatchObject({ assigneeId: jon.id, assignedTo: "John Smith" });
      const [entry] = (await suite.admin.get<TimelinePage>(`/api/leads/${id}/timeline?kind=assignment`)).body.entries;
      expect(entry).toMatchObject({
        kind: "assignment",
        actor: { kind: "user", name: ADMIN.name },
        changes: [{ field: "assignedTo", from: "Jon Smyth", to: "John Smith" }],
        subject: { event: "renamed" },
      });
      expect((await renameEvents(id)).map((event) => event.payload.changedFields)).toEqual([["assignedTo"]]);
    }
    // An assignment to someone else is not a rename.
    const [assigned] = (await suite.admin.get<TimelinePage>(`/api/leads/${first}/timeline?kind=assignment`)).body.entries.slice(1);
    expect(assigned?.subject ?? null).toBeNull();
    expect(await lead(others)).toMatchObject({ assigneeId: kim.id, assignedTo: "Kim Other", updatedAt: before.updatedAt });
    expect(await lead(unassigned)).toMatchObject({ assigneeId: null, assignedTo: null });
    expect(await renameEvents(others)).toEqual([]);

    expect((await audits()).at(-1)).toEqual({ code: "team.renamed", params: { email: jon.email, from: "Jon Smyth", to: "John Smith", leads: 2 } });
    const told = (await agent.get<Notification[]>("/api/notifications")).body;
    expect(told.map((n) => [n.code, n.params])).toContainEqual(["team.renamed", { name: "John Smith" }]);
    expect((await agent.get<CurrentUser>("/api/auth/me")).body.name).toBe("John Smith");
  });

  it("keeps each lead with its person when another staff member already has the new name", async () => {
    await signedInWithRole(suite.rt, "agent", { name: "Lena Twin", email: `lena.${driver}@team-rename.test` });
    await signedInWithRole(suite.rt, "agent", { name: "Lena Twyn", email: `lena2.${driver}@team-rename.test` });
    const lena = await memberByEmail(`lena.${driver}@team-rename.test`);
    const twin = await memberByEmail(`lena2.${driver}@team-rename.test`);
    const theirs = await createLead("Elsa", twin.id);

    expect((await suite.admin.put(`/api/enterprise/users/${twin.id}/name`, { name: "Lena Twin" })).status).toBe(200);
    expect(await lead(theirs)).toMatchObject({ assigneeId: twin.id, assignedTo: "Lena Twin" });
    // Typed on a lead, the name two people now share matches neither: it stays text, as any shared name does.
    const typed = await suite.admin.put<Lead>(`/api/leads/${await createLead("Fay", null)}`, { assignedTo: "Lena Twin" });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body).toMatchObject({ assigneeId: null, assignedTo: "Lena Twin" });
    expect(lena.name).toBe("Lena Twin");
  });

  it("refuses an empty name, an unknown person and a non-administrator, writing nothing; the same name changes nothing", async () => {
    await signedInWithRole(suite.rt, "manager", { name: "Mia Manager", email: `mia.${driver}@team-rename.test` });
    const mia = await memberByEmail(`mia.${driver}@team-rename.test`);
    const manager = suite.rt.client();
    expect((await manager.post("/api/auth/login", { email: mia.email, password: "a role's test password" })).status).toBe(200);
    const auditsBefore = (await audits()).length;

    const empty = await suite.admin.put<ApiError>(`/api/enterprise/users/${mia.id}/name`, { name: "   " });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {})).toContain("name");
    expect((await suite.admin.put(`/api/enterprise/users/999999/name`, { name: "Nobody" })).status).toBe(404);
    expect((await manager.put(`/api/enterprise/users/${mia.id}/name`, { name: "Mia Boss" })).status).toBe(403);
    expect((await suite.admin.put<TeamMember>(`/api/enterprise/users/${mia.id}/name`, { name: "Mia Manager" })).body.name).toBe("Mia Manager");

    expect((await memberByEmail(mia.email)).name).toBe("Mia Manager");
    expect(await audits()).toHaveLength(auditsBefore);
  });

  it("lets anyone correct their own name from their session, their leads following, and refuses an API key", async () => {
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Nell Own", email: `nell.${driver}@team-rename.test` });
    const nell = await memberByEmail(`nell.${driver}@team-rename.test`);
    const theirs = await createLead("Gus", nell.id);

    const res = await agent.put<CurrentUser>("/api/auth/name", { name: "Nelly Owen" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: nell.id, name: "Nelly Owen", email: nell.email, role: "agent" });
    expect((await agent.get<CurrentUser>("/api/auth/me")).body.name).toBe("Nelly Owen");
    expect(await lead(theirs)).toMatchObject({ assigneeId: nell.id, assignedTo: "Nelly Owen" });
    const [entry] = (await agent.get<TimelinePage>(`/api/leads/${theirs}/timeline?kind=assignment`)).body.entries;
    expect(entry).toMatchObject({ actor: { kind: "user", name: "Nell Own" }, subject: { event: "renamed" } });
    expect((await audits()).at(-1)).toEqual({ code: "team.renamed", params: { email: nell.email, from: "Nell Own", to: "Nelly Owen", leads: 1 } });
    // Nobody needs telling that they renamed themselves.
    expect((await agent.get<Notification[]>("/api/notifications")).body.map((n) => n.code)).not.toContain("team.renamed");

    const empty = await agent.put<ApiError>("/api/auth/name", { name: "" });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {})).toContain("name");
    expect((await suite.rt.client().put("/api/auth/name", { name: "Anyone" })).status).toBe(401);
    const key = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Name changer", scope: "full" });
    expect((await suite.rt.client().put("/api/auth/name", { name: "Keyed Name" }, { authorization: `Bearer ${key.body.key}` })).status).toBe(403);
    expect((await suite.admin.get<CurrentUser>("/api/auth/me")).body.name).toBe(ADMIN.name);
  });
});
