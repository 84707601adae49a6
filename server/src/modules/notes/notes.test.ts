import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import type { Lead } from "@contract/leads";
import type { Note } from "@contract/notes";
import type { Notification } from "@contract/notifications";
import type { SearchResult } from "@contract/search";
import { auditLogs, eventOutbox, leadTimeline } from "../../db/schema";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

/** The field a 400 names, with its code. */
function expectFieldError(res: { status: number; body: unknown }, field: string, code: string) {
  expect(res.status).toBe(400);
  expect((res.body as ApiError).fieldCodes?.[field]?.code).toBe(code);
}

describe.each(testDrivers)("lead notes on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let lead: Lead;
  let agent: TestClient;
  let otherAgent: TestClient;
  let manager: TestClient;
  let viewer: TestClient;

  const AGENT = { name: "Ada Lovelace", email: "ada.lovelace@leadwell.test" };
  const OTHER = { name: "Grace Hopper", email: "grace@leadwell.test" };
  const MANAGER = { name: "Mía Núñez", email: "mia@leadwell.test" };
  const VIEWER = { name: "Victor Viewer", email: "victor@leadwell.test" };

  const notesOf = async (client: TestClient = suite.admin, leadId = lead.id) => (await client.get<Note[]>(`/api/leads/${leadId}/notes`)).body;
  const timeline = (leadId: number) =>
    suite.rt.ctx.db
      .select({ kind: leadTimeline.kind, subject: leadTimeline.subject })
      .from(leadTimeline)
      .where(and(eq(leadTimeline.leadId, leadId), eq(leadTimeline.kind, "note")))
      .orderBy(asc(leadTimeline.id));
  const inbox = async (client: TestClient) => (await client.get<Notification[]>("/api/notifications")).body.filter((n) => n.code === "note.mentioned");

  it("sets up a lead and staff in every role", async () => {
    lead = (
      await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Ana", businessOwnerLastName: "Ruiz", businessName: "Ruiz Bakery", email: "ana@ruiz.test" })
    ).body;
    agent = await signedInWithRole(suite.rt, "agent", AGENT);
    otherAgent = await signedInWithRole(suite.rt, "agent", OTHER);
    manager = await signedInWithRole(suite.rt, "manager", MANAGER);
    viewer = await signedInWithRole(suite.rt, "viewer", VIEWER);
    expect(await notesOf()).toEqual([]);
  });

  it("adds a note with its author, lists the pinned one first then the newest, with one timeline entry per write", async () => {
    const first = await agent.post<Note>(`/api/leads/${lead.id}/notes`, { body: "Called **Ana**: wants a quote for the *quokka* oven." });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ leadId: lead.id, body: "Called **Ana**: wants a quote for the *quokka* oven.", pinned: false, author: { name: AGENT.name } });
    const second = (await agent.post<Note>(`/api/leads/${lead.id}/notes`, { body: "Pinned fact", pinned: true })).body;
    const third = (await agent.post<Note>(`/api/leads/${lead.id}/notes`, { body: "Newest" })).body;
    expect((await notesOf()).map((n) => n.id)).toEqual([second.id, third.id, first.body.id]);
    // The viewer reads them too.
    expect((await notesOf(viewer)).map((n) => n.id)).toEqual([second.id, third.id, first.body.id]);

    // Pinning another unpins the first: at most one pinned, in the same write.
    const pinned = await agent.put<Note>(`/api/notes/${first.body.id}`, { pinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned).toBe(true);
    const after = await notesOf();
    expect(after.map((n) => [n.id, n.pinned])).toEqual([
      [first.body.id, true],
      [third.id, false],
      [second.id, false],
    ]);

    const edited = await agent.put<Note>(`/api/notes/${third.id}`, { body: "Newest, edited" });
    expect(edited.body).toMatchObject({ body: "Newest, edited", pinned: false });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(edited.body.createdAt));

    expect((await agent.delete(`/api/notes/${second.id}`)).body).toEqual({ ok: true });
    expect((await agent.delete(`/api/notes/${second.id}`)).status).toBe(404);
    expect((await notesOf()).map((n) => n.id)).toEqual([first.body.id, third.id]);

    const entries = await timeline(lead.id);
    expect(entries.map((e) => e.subject)).toEqual([
      { noteId: first.body.id, event: "added" },
      { noteId: second.id, event: "added" },
      { noteId: third.id, event: "added" },
      { noteId: second.id, event: "unpinned" },
      { noteId: first.body.id, event: "pinned" },
      { noteId: third.id, event: "edited" },
      { noteId: second.id, event: "deleted" },
    ]);

    // Each write has its audit row and its domain event.
    const audits = await suite.rt.ctx.db
      .select({ action: auditLogs.action, code: auditLogs.code, details: auditLogs.details })
      .from(auditLogs)
      .where(sql`${auditLogs.action} LIKE 'note.%'`)
      .orderBy(asc(auditLogs.id));
    expect(audits.map((a) => a.action)).toEqual(["note.create", "note.create", "note.create", "note.update", "note.update", "note.delete"]);
    expect(audits[4]).toMatchObject({ code: "note.updated", details: `Note #${third.id} on lead #${lead.id}: body` });
    const events = await suite.rt.ctx.db
      .select({ name: eventOutbox.name, payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(sql`${eventOutbox.name} LIKE 'note.%'`)
      .orderBy(asc(eventOutbox.id));
    expect(events.map((e) => e.name)).toEqual(["note.created", "note.created", "note.created", "note.updated", "note.updated", "note.updated", "note.deleted"]);
    expect(events[3]?.payload).toMatchObject({ noteId: second.id, pinned: false, changedFields: ["pinned"] });
  });

  it("refuses an empty, blank or over-long body naming the field, and an empty change", async () => {
    const url = `/api/leads/${lead.id}/notes`;
    expectFieldError(await agent.post(url, {}), "body", "field.required");
    expectFieldError(await agent.post(url, { body: "" }), "body", "field.required");
    expectFieldError(await agent.post(url, { body: "   \n " }), "body", "field.required");
    expectFieldError(await agent.post(url, { body: "x".repeat(20_001) }), "body", "field.too_long");
    expectFieldError(await agent.post(url, { body: "ok", pinned: "yes" }), "pinned", "field.invalid_type");
    const longest = await agent.post<Note>(url, { body: "y".repeat(20_000) });
    expect(longest.status).toBe(201);
    expectFieldError(await agent.put(`/api/notes/${longest.body.id}`, { body: "" }), "body", "field.required");
    expect((await agent.put(`/api/notes/${longest.body.id}`, {})).body).toMatchObject({ code: "request.empty_update" });
    expect((await agent.delete(`/api/notes/${longest.body.id}`)).status).toBe(200);
  });

  it("answers 404 with a code for an unknown lead or note", async () => {
    const noLead = await agent.post("/api/leads/999999/notes", { body: "Hello" });
    expect(noLead.status).toBe(404);
    expect(noLead.body).toMatchObject({ code: "note.lead_not_found" });
    expect((await agent.get("/api/leads/999999/notes")).body).toMatchObject({ code: "note.lead_not_found" });
    expect((await agent.put("/api/notes/999999", { body: "x" })).body).toMatchObject({ code: "note.not_found" });
    expect((await agent.delete("/api/notes/999999")).body).toMatchObject({ code: "note.not_found" });
  });

  it("lets authors change their own notes and managers anyone's; another agent and a viewer get 403", async () => {
    const mine = (await agent.post<Note>(`/api/leads/${lead.id}/notes`, { body: "Mine" })).body;
    const before = (await timeline(lead.id)).length;

    const notAuthor = await otherAgent.put(`/api/notes/${mine.id}`, { body: "Hijacked" });
    expect(notAuthor.status).toBe(403);
    expect(notAuthor.body).toMatchObject({ code: "note.not_author" });
    expect((await otherAgent.put(`/api/notes/${mine.id}`, { pinned: true })).status).toBe(403);
    expect((await otherAgent.delete(`/api/notes/${mine.id}`)).status).toBe(403);

    expect((await viewer.post(`/api/leads/${lead.id}/notes`, { body: "Viewer" })).status).toBe(403);
    expect((await viewer.put(`/api/notes/${mine.id}`, { body: "Viewer" })).status).toBe(403);
    expect((await viewer.delete(`/api/notes/${mine.id}`)).status).toBe(403);
    // Nothing refused left a trace.
    expect((await timeline(lead.id)).length).toBe(before);
    expect((await notesOf()).find((n) => n.id === mine.id)?.body).toBe("Mine");

    const moderated = await manager.put<Note>(`/api/notes/${mine.id}`, { body: "Tidied by the manager" });
    expect(moderated.status).toBe(200);
    expect(moderated.body.author).toMatchObject({ name: AGENT.name });
    expect((await suite.admin.put(`/api/notes/${mine.id}`, { pinned: true })).status).toBe(200);
    expect((await manager.delete(`/api/notes/${mine.id}`)).status).toBe(200);
  });

  it("notifies each mentioned staff member once with a link to the lead, never the author; an edit tells only the newly mentioned", async () => {
    const body = "Ask @[Grace Hopper] and @mia (manager) — @[grace hopper] again, @ada.lovelace is me, @nobody is no one. mail@example.com is no mention.";
    const note = (await agent.post<Note>(`/api/leads/${lead.id}/notes`, { body })).body;
    const grace = await inbox(otherAgent);
    expect(grace).toHaveLength(1);
    expect(grace[0]).toMatchObject({ link: `/leads/${lead.id}`, params: { actor: AGENT.name, businessName: "Ruiz Bakery" }, message: `${AGENT.name} mentioned you in a note on Ruiz Bakery` });
    expect(await inbox(manager)).toHaveLength(1);
    expect(await inbox(agent)).toHaveLength(0);
    expect(await inbox(viewer)).toHaveLength(0);
    const created = await suite.rt.ctx.db
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(and(eq(eventOutbox.name, "note.created"), sql`(${eventOutbox.payload}->>'noteId')::int = ${note.id}`));
    expect((created[0]?.payload as { mentionedIds: number[] }).mentionedIds).toHaveLength(2);

    await agent.put(`/api/notes/${note.id}`, { body: `${body} Also @[Victor Viewer] and @[${ADMIN.name}].` });
    expect(await inbox(otherAgent)).toHaveLength(1);
    expect(await inbox(manager)).toHaveLength(1);
    expect(await inbox(viewer)).toHaveLength(1);
    expect(await inbox(suite.admin)).toHaveLength(1);
  });

  it("is found by the global search through its words, with its lead", async () => {
    await agent.post(`/api/leads/${lead.id}/notes`, { body: "The owner collects Zanzibarian teapots; bring one to the next visit." });
    const res = await viewer.get<SearchResult>("/api/search?q=zanzibarian");
    expect(res.status).toBe(200);
    expect(res.body.totals.notes).toBe(1);
    expect(res.body.notes[0]).toMatchObject({ leadId: lead.id, businessName: "Ruiz Bakery" });
    expect(res.body.notes[0]?.excerpt).toContain("Zanzibarian teapots");
    // Accents and case fold as everywhere else in the search.
    expect((await viewer.get<SearchResult>("/api/search?q=ZANZÍBARIAN")).body.totals.notes).toBe(1);
  });

  it("drops a lead's notes with the lead", async () => {
    const other = (
      await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Bo", businessOwnerLastName: "Lee", businessName: "Lee Cafe", email: "bo@lee.test" })
    ).body;
    await agent.post(`/api/leads/${other.id}/notes`, { body: "Short-lived" });
    expect((await suite.admin.delete(`/api/leads/${other.id}`)).status).toBe(200);
    expect((await agent.get(`/api/leads/${other.id}/notes`)).status).toBe(404);
  });
  it("hides another agent's lead's notes from an agent limited to their own leads: 404, nothing written; mentions tell only who may see the lead (issue 26.5)", async () => {
    const db = suite.rt.ctx.db;
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const leadFor = async (n: string, assignee: number | null) => {
      const created = await suite.admin.post<Lead>("/api/leads", { businessOwnerName: "Sco", businessOwnerLastName: n, businessName: `Scope ${n}`, email: `scope.${n}@notes.test` });
      await db.execute(sql`UPDATE leads SET assignee_id = ${assignee} WHERE id = ${created.body.id}`);
      return created.body.id;
    };
    const mine = await leadFor("mine", await idOf(agent));
    const theirs = await leadFor("theirs", await idOf(otherAgent));
    const free = await leadFor("free", null);
    // Written while agents worked on every lead: Ada's own note and Grace's, both on Grace's lead.
    const adasOnTheirs = (await agent.post<Note>(`/api/leads/${theirs}/notes`, { body: "Ada was here" })).body;
    const gracesOnTheirs = (await otherAgent.post<Note>(`/api/leads/${theirs}/notes`, { body: "Grace's own" })).body;
    await db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      expect((await agent.get(`/api/leads/${theirs}/notes`)).status).toBe(404);
      expect((await agent.post(`/api/leads/${theirs}/notes`, { body: "Sneaky" })).status).toBe(404);
      expect((await agent.put(`/api/notes/${adasOnTheirs.id}`, { body: "Changed", pinned: true })).status).toBe(404);
      expect((await agent.delete(`/api/notes/${adasOnTheirs.id}`)).status).toBe(404);
      expect((await agent.put(`/api/notes/${gracesOnTheirs.id}`, { pinned: true })).status).toBe(404);
      // Unchanged, as the administrator (who reads every lead) sees.
      expect((await notesOf(suite.admin, theirs)).map((n) => [n.id, n.body, n.pinned])).toEqual([
        [gracesOnTheirs.id, "Grace's own", false],
        [adasOnTheirs.id, "Ada was here", false],
      ]);
      // Their own and unassigned leads work as before.
      expect((await agent.post(`/api/leads/${mine}/notes`, { body: "Mine" })).status).toBe(201);
      expect((await agent.post(`/api/leads/${free}/notes`, { body: "Free" })).status).toBe(201);
      expect((await notesOf(agent, mine)).map((n) => n.body)).toEqual(["Mine"]);
      // A mention tells a restricted agent of an unassigned lead, not of another agent's; a manager of both.
      const graceBefore = (await inbox(otherAgent)).length;
      const miaBefore = (await inbox(manager)).length;
      await agent.post(`/api/leads/${mine}/notes`, { body: "Ask @[Grace Hopper] and @[Mía Núñez]" });
      expect(await inbox(otherAgent)).toHaveLength(graceBefore);
      expect(await inbox(manager)).toHaveLength(miaBefore + 1);
      await agent.post(`/api/leads/${free}/notes`, { body: "Ask @[Grace Hopper]" });
      expect((await inbox(otherAgent)).map((n) => n.params)).toContainEqual({ actor: AGENT.name, businessName: "Scope free" });
      expect((await inbox(otherAgent)).some((n) => n.link === `/leads/${mine}`)).toBe(false);
    } finally {
      await db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
  });
});
