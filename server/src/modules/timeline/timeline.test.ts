import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { CreatedApiKey } from "@contract/api-keys";
import type { Lead } from "@contract/leads";
import type { TimelineEntry, TimelinePage } from "@contract/timeline";
import { rawRows } from "../../db/raw-rows";
import { leads } from "../../db/schema";
import { ADMIN, signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const aLead = (n: string, extra: Record<string, unknown> = {}) => ({
  businessOwnerName: "Tess",
  businessOwnerLastName: `Line${n}`,
  businessName: `Timeline ${n}`,
  email: `timeline.${n}@example.com`,
  ...extra,
});

/** Starts a bulk action and waits for its job to finish (the runtime's workers run it). */
async function bulkActionDone(client: TestClient, body: unknown): Promise<{ status: number }> {
  const started = await client.post<{ id: number }>("/api/leads/bulk", body);
  if (started.status !== 202) return started;
  for (let tries = 0; tries < 100; tries++) {
    const job = await client.get<{ status: string }>(`/api/leads/bulk/${started.body.id}`);
    if (job.body.status === "done") return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the bulk action did not finish");
}

async function timeline(client: TestClient, leadId: number, query = ""): Promise<TimelineEntry[]> {
  const res = await client.get<TimelinePage>(`/api/leads/${leadId}/timeline${query}`);
  expect(res.status).toBe(200);
  return res.body.entries;
}

describe.each(testDrivers)("the lead timeline on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  /**
   * Every route that changes a lead, one after the other on one lead: each adds exactly one entry of its kind, newest
   * first, naming who did it; what the triggers record comes from the change itself (issue 25.2).
   */
  it("gets exactly one entry, with its actor, from each route that changes a lead", async () => {
    const created = await suite.admin.post<Lead>("/api/leads", aLead("walk", { industry: "retail" }));
    expect(created.status).toBe(201);
    const id = created.body.id;
    // A merge (issue 26.4) brings the other lead's history along: the step adds those entries and exactly one of its own.
    const duplicate = await suite.admin.post<Lead>("/api/leads", aLead("walk-duplicate", { phoneNumber: "+34 600 111 222" }));
    expect(duplicate.status).toBe(201);
    const steps: { call: () => Promise<{ status: number }>; kind: string; brings?: number; check?: (entry: TimelineEntry) => void }[] = [
      {
        call: () => suite.admin.put(`/api/leads/${id}`, { phoneNumber: "+34 600 111 222", priority: "high" }),
        kind: "changed",
        check: (entry) =>
          expect(entry.changes).toEqual([
            { field: "phoneNumber", from: null, to: "+34 600 111 222" },
            { field: "priority", from: "medium", to: "high" },
          ]),
      },
      {
        call: () => suite.admin.put(`/api/leads/${id}`, { pipelineStage: "Qualified" }),
        kind: "stage",
        check: (entry) => expect(entry.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "pipelineStage", to: "Qualified" })])),
      },
      {
        call: () => suite.admin.put(`/api/leads/${id}`, { assignedTo: "Ada Lovelace" }),
        kind: "assignment",
        check: (entry) => expect(entry.changes).toEqual([{ field: "assignedTo", from: null, to: "Ada Lovelace" }]),
      },
      {
        // A bulk action (issue 26.3) on this one lead: its background job writes the one entry.
        call: () => bulkActionDone(suite.admin, { ids: [id], action: "priority", value: "low" }),
        kind: "changed",
        check: (entry) => expect(entry.changes).toEqual([{ field: "priority", from: "high", to: "low" }]),
      },
      {
        call: () => suite.admin.post("/api/kpi", { email: "timeline.walk@example.com", ytdRevenue: 1200, mrr: 100, topProducts: [] }),
        kind: "kpi",
        check: (entry) => expect(entry.subject).toMatchObject({ ytdRevenue: 1200, mrr: 100 }),
      },
      {
        call: () => suite.admin.post("/api/tasks", { title: "Call the owner", leadId: id }),
        kind: "task",
        check: (entry) => expect(entry.subject).toMatchObject({ title: "Call the owner", event: "created" }),
      },
      {
        call: () => suite.admin.post("/api/nps/invitations", { leadId: id }),
        kind: "survey",
        check: (entry) => expect(entry.subject).toMatchObject({ event: "sent", email: "timeline.walk@example.com" }),
      },
      {
        call: () => suite.admin.post(`/api/leads/${id}/merge`, { otherId: duplicate.body.id, fields: { businessName: "other" } }),
        kind: "merged",
        brings: 1, // the duplicate's own "created"
        check: (entry) => {
          expect(entry.subject).toMatchObject({ mergedId: duplicate.body.id, businessName: "Timeline walk-duplicate" });
          expect(entry.changes).toEqual([{ field: "businessName", from: "Timeline walk", to: "Timeline walk-duplicate" }]);
        },
      },
    ];
    let before = (await timeline(suite.admin, id)).length;
    expect(before).toBe(1);
    for (const step of steps) {
      const res = await step.call();
      expect(res.status, step.kind).toBeLessThan(300);
      const entries = await timeline(suite.admin, id);
      expect(entries.length, step.kind).toBe(before + 1 + (step.brings ?? 0));
      const [newest] = entries;
      expect(newest!.kind).toBe(step.kind);
      expect(newest!.actor).toMatchObject({ kind: "user", name: ADMIN.name });
      step.check?.(newest!);
      before = entries.length;
    }
    // The first entry is the creation, by the administrator; completing the task is one more.
    const all = await timeline(suite.admin, id);
    expect(all.at(-1)).toMatchObject({ kind: "created", actor: { kind: "user", name: ADMIN.name } });
    expect(all.filter((entry) => entry.kind === "created")).toHaveLength(2);
    const task = all.find((entry) => entry.kind === "task")!;
    expect((await suite.admin.put(`/api/tasks/${task.subject!.taskId as number}`, { status: "completed" })).status).toBe(200);
    const [completed] = await timeline(suite.admin, id, "?kind=task");
    expect(completed!.subject).toMatchObject({ event: "completed", title: "Call the owner" });
  });

  it("names an API key by its label and the public form as the public, and a deletion is the last entry", async () => {
    const key = (await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Quiz funnel" })).body.key;
    const viaKey = await suite.rt.client().post<Lead>("/api/leads", aLead("key"), { authorization: `Bearer ${key}` });
    expect(viaKey.status).toBe(201);
    const [byKey] = await timeline(suite.admin, viaKey.body.id);
    expect(byKey!.actor).toMatchObject({ kind: "apiKey", label: "Quiz funnel", name: ADMIN.name });

    const joined = await suite.rt.client().post("/api/join", aLead("public"));
    expect(joined.status).toBe(201);
    // The public form answers nothing about the lead: find it as staff do.
    const found = await suite.admin.get<Lead[]>("/api/leads?q=timeline.public@example.com");
    const joinedId = found.body[0]!.id;
    const [byPublic] = await timeline(suite.admin, joinedId);
    expect(byPublic).toMatchObject({ kind: "created", actor: { kind: "public" } });

    expect((await suite.admin.delete(`/api/leads/${joinedId}`)).status).toBe(200);
    const [deleted] = await rawRows<{ kind: string; actor: { kind: string } }>(
      suite.rt.ctx.db,
      sql`SELECT kind, actor FROM lead_timeline WHERE lead_id = ${joinedId} ORDER BY id DESC LIMIT 1`,
    );
    expect(deleted).toMatchObject({ kind: "deleted", actor: { kind: "user" } });
    // The page of a deleted lead is not found, as is an unknown one.
    expect((await suite.admin.get(`/api/leads/${joinedId}/timeline`)).status).toBe(404);
    expect((await suite.admin.get(`/api/leads/999999999/timeline`)).status).toBe(404);
  });

  it("leaves no entry for a change that fails or rolls back", async () => {
    const a = await suite.admin.post<Lead>("/api/leads", aLead("rollback-a"));
    const b = await suite.admin.post<Lead>("/api/leads", aLead("rollback-b"));
    const count = async () => (await timeline(suite.admin, a.body.id)).length;
    const start = await count();
    // The email is taken: 409, nothing written.
    expect((await suite.admin.put(`/api/leads/${a.body.id}`, { email: b.body.email })).status).toBe(409);
    // A change whose transaction fails after the update: the update's entry goes with it.
    await expect(
      suite.rt.ctx.db.transaction(async (tx) => {
        await tx.update(leads).set({ priority: "low" }).where(sql`id = ${a.body.id}`);
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    expect(await count()).toBe(start);
    // A change made by no request at all is the system's.
    await suite.rt.ctx.db.update(leads).set({ priority: "low" }).where(sql`id = ${a.body.id}`);
    const [bySystem] = await timeline(suite.admin, a.body.id);
    expect(bySystem).toMatchObject({ kind: "changed", actor: { kind: "system" }, changes: [{ field: "priority", from: "medium", to: "low" }] });
  });

  it("compares every column of leads but id, the timestamps, generated ones and assignee_id (shown as assigned_to's names; a column added later needs lw_timeline_build_leads_update)", async () => {
    const columns = await rawRows<{ name: string }>(
      suite.rt.ctx.db,
      sql`SELECT attname AS name FROM pg_attribute
          WHERE attrelid = 'leads'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
            AND attname NOT IN ('id', 'created_at', 'updated_at', 'assignee_id')`,
    );
    const [definition] = await rawRows<{ body: string }>(suite.rt.ctx.db, sql`SELECT pg_get_functiondef('lw_timeline_leads_update'::regproc) AS body`);
    expect(columns.length).toBeGreaterThan(30);
    expect(columns.filter(({ name }) => !definition!.body.includes(`'field', '${name}'`)).map(({ name }) => name)).toEqual([]);
  });

  it("pages with a cursor, filters by kind, and lets a viewer read", async () => {
    const lead = await suite.admin.post<Lead>("/api/leads", aLead("paging"));
    for (const priority of ["high", "low", "high", "low", "high"]) {
      expect((await suite.admin.put(`/api/leads/${lead.body.id}`, { priority })).status).toBe(200);
    }
    const first = await suite.admin.get<TimelinePage>(`/api/leads/${lead.body.id}/timeline?limit=4`);
    expect(first.body.entries).toHaveLength(4);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await suite.admin.get<TimelinePage>(`/api/leads/${lead.body.id}/timeline?limit=4&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((entry) => entry.kind)).toEqual(["changed", "created"]);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.entries, ...second.body.entries].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    expect((await timeline(suite.admin, lead.body.id, "?kind=created")).map((entry) => entry.kind)).toEqual(["created"]);
    const bad = await suite.admin.get(`/api/leads/${lead.body.id}/timeline?kind=gossip&cursor=abc`);
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { fields: Record<string, string> }).fields).sort()).toEqual(["cursor", "kind"]);

    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vic Viewer", email: "vic.timeline@leadwell.test" });
    expect(await timeline(viewer, lead.body.id)).toHaveLength(6);
  });
  it("answers 404 for another agent's lead to an agent limited to their own leads, and the timeline of their own and unassigned ones (issue 26.5)", async () => {
    const db = suite.rt.ctx.db;
    const rita = await signedInWithRole(suite.rt, "agent", { name: "Rita Timeline", email: "rita.timeline@leadwell.test" });
    const otto = await signedInWithRole(suite.rt, "agent", { name: "Otto Timeline", email: "otto.timeline@leadwell.test" });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const lead = async (n: string, assignee: number | null) => {
      const created = await suite.admin.post<Lead>("/api/leads", aLead(n));
      await db.execute(sql`UPDATE leads SET assignee_id = ${assignee} WHERE id = ${created.body.id}`);
      return created.body.id;
    };
    const mine = await lead("scope-mine", await idOf(rita));
    const theirs = await lead("scope-theirs", await idOf(otto));
    const free = await lead("scope-free", null);
    await db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      expect((await rita.get(`/api/leads/${theirs}/timeline`)).status).toBe(404);
      expect((await rita.get(`/api/leads/${theirs}/timeline?kind=created`)).status).toBe(404);
      expect((await timeline(rita, mine)).length).toBeGreaterThan(0);
      expect((await timeline(rita, free)).length).toBeGreaterThan(0);
      expect((await timeline(otto, theirs)).length).toBeGreaterThan(0);
      // Managers and administrators read every lead's.
      expect((await timeline(suite.admin, theirs)).length).toBeGreaterThan(0);
    } finally {
      await db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
    expect((await timeline(rita, theirs)).length).toBeGreaterThan(0);
  });
});
