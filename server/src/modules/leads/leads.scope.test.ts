import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { LeadBulkJob } from "@contract/lead-bulk";
import { leadSortFields, type CreatedLead, type Lead } from "@contract/leads";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "@contract/list-reply";
import type { SearchResult } from "@contract/search";
import { signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { leadExportBatches, type LeadQueryFilter } from "../../db/queries/lead-list";
import { rawRows } from "../../db/raw-rows";
import { setLeadAccess } from "../../test/lead-scope-fixture";
import { runInLeadScope, type LeadScope } from "../../kernel/lead-scope";
import { runLeadBulkJob } from "./lead-bulk.service";

/*
 * Issue 26.5: with agents limited to their own leads, an agent (and an API key the agent made) sees, searches,
 * counts, exports and changes only the leads assigned to them and the unassigned ones; another agent's lead is
 * "not found" everywhere and stays as it was. With the setting 'all', or for a manager, every lead.
 */

describe.each(testDrivers)("leads within an agent's lead scope on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  let ann: TestClient;
  let ben: TestClient;
  let mia: TestClient;
  let annId = 0;
  let benId = 0;
  let annKey = "";
  const ids: Record<"annLead" | "freeLead" | "benLead" | "benOther", number> = { annLead: 0, freeLead: 0, benLead: 0, benOther: 0 };

  const setAccess = (agents: "all" | "own") => setLeadAccess(admin, agents);
  const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
  const runJob = (jobId: number) =>
    runLeadBulkJob.handler({ db: rt.ctx.db, config: rt.ctx.config, jobs: rt.ctx.jobs, eventSubscribers: [] }, { jobId }, { id: "t", attempt: 1, attemptsAllowed: 1 });
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const visibleToAnn = () => sorted([ids.annLead, ids.freeLead]);
  const everyLead = () => sorted(Object.values(ids));
  const asKey = { authorization: "" };

  /** Every lead a client's list walks to, two a page, in a sort; and the totals each page said. */
  async function walk(client: TestClient, query: string, headers: Record<string, string> = {}) {
    const seen: number[] = [];
    const totals = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await client.get<Lead[]>(`/api/leads?${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, headers);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.map((lead) => lead.id));
      totals.add(`${String(res.headers[TOTAL_COUNT_HEADER])}/${String(res.headers[TOTAL_EXACT_HEADER])}`);
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) return { ids: seen, totals: [...totals] };
    }
    throw new Error("the cursor never ended");
  }

  /** A lead the administrator creates for the tests, named after its key, assigned as given; answers its id. */
  async function scopeLead(key: string, assigneeId: number | null): Promise<number> {
    const res = await admin.post<CreatedLead>("/api/leads", {
      businessName: `Scopetest ${key}`,
      businessOwnerName: "Sam",
      businessOwnerLastName: `Scopetest${key}`,
      email: `${key.toLowerCase()}@scope.example.com`,
      assigneeId,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  }

  /** How many leads an agent limited to their own sees, read from the table itself. */
  const visibleCount = async (agentId: number) =>
    Number((await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM leads WHERE assignee_id = ${agentId} OR assignee_id IS NULL`))[0]!.n);

  /** A lead as an administrator reads it (to check that nothing an agent sent changed it). */
  const stored = async (id: number) => (await admin.get<Lead>(`/api/leads/${id}`)).body;

  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
    ann = await signedInWithRole(rt, "agent", { name: "Ann Agent", email: "ann@leadwell.test" });
    ben = await signedInWithRole(rt, "agent", { name: "Ben Agent", email: "ben@leadwell.test" });
    mia = await signedInWithRole(rt, "manager", { name: "Mia Manager", email: "mia@leadwell.test" });
    annId = await idOf(ann);
    benId = await idOf(ben);
    const make = async (key: keyof typeof ids, assigneeId: number | null) => {
      ids[key] = await scopeLead(key, assigneeId);
    };
    await make("annLead", annId);
    await make("freeLead", null);
    await make("benLead", benId);
    await make("benOther", benId);
    expect((await admin.post(`/api/leads/${ids.benLead}/notes`, { body: "Scopenote about Ben's customer" })).status).toBe(201);
    expect((await admin.post(`/api/leads/${ids.annLead}/notes`, { body: "Scopenote about Ann's customer" })).status).toBe(201);
    // A key Ann made acts for her (agents may not manage keys on screen: it is stored as the settings screen stores one).
    annKey = randomBytes(32).toString("hex");
    await rt.ctx.db.execute(
      sql`INSERT INTO api_keys (label, scope, key_hash, key_prefix, created_by)
          VALUES ('Ann''s funnel', 'full', ${createHash("sha256").update(annKey).digest("hex")}, ${annKey.slice(0, 8)}, ${annId})`,
    );
    asKey.authorization = `Bearer ${annKey}`;
    await setAccess("own");
  });
  afterAll(async () => rt?.stop());

  it.each(leadSortFields.flatMap((field) => [field, `-${field}`]))("lists and counts only Ann's own and unassigned leads, sorted by %s", async (sort) => {
    const walked = await walk(ann, `sort=${sort}`);
    expect(sorted(walked.ids)).toEqual(visibleToAnn());
    expect(walked.totals).toEqual(["2/true"]);
  });

  it("pages Ann's creation order one lead at a time, her leads and the unassigned ones merged in order, by cursor and by offset", async () => {
    const later: number[] = [];
    for (const [key, assigneeId] of [["annLate", annId], ["benLate", benId], ["freeLate", null]] as const) later.push(await scopeLead(key, assigneeId));
    const [annLate, , freeLate] = later;
    try {
      const oldestFirst = [ids.annLead, ids.freeLead, annLate, freeLate];
      const paged = async (query: string) => {
        const seen: number[] = [];
        let cursor: string | undefined;
        do {
          const res = await ann.get<Lead[]>(`/api/leads?${query}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
          seen.push(...res.body.map((lead) => lead.id));
          cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
        } while (cursor && seen.length < 10);
        return seen;
      };
      expect(await paged("sort=createdAt")).toEqual(oldestFirst);
      expect(await paged("sort=-createdAt")).toEqual([...oldestFirst].reverse());
      expect(await paged("sort=-createdAt&q=Sam")).toEqual([...oldestFirst].reverse());
      for (const offset of [0, 1, 2, 3]) {
        const res = await ann.get<Lead[]>(`/api/leads?sort=-createdAt&limit=1&offset=${offset}`);
        expect(res.body.map((lead) => lead.id), `offset ${offset}`).toEqual([[...oldestFirst].reverse()[offset]]);
      }
    } finally {
      for (const id of later) expect((await admin.delete(`/api/leads/${id}`)).status).toBe(200);
    }
  });

  it("pages a search matching thousands in creation order, Ann's leads and the unassigned ones merged, as the database orders them", async () => {
    // 3,000 leads holding "Numbat", a second apart: a third Ann's, a third Ben's, a third nobody's. Ann's 2,000 matches
    // are enough for the sampled count to settle, so her pages walk the creation order (two walks merged).
    await rt.ctx.db.execute(sql`
      INSERT INTO leads (business_owner_name, business_owner_last_name, business_name, email, assignee_id, created_at)
      SELECT 'Ana', 'Numbat' || i, 'Burrow ' || i, 'numbat' || i || '@bulk.test',
             CASE i % 3 WHEN 0 THEN ${annId}::int WHEN 1 THEN ${benId}::int END, now() - make_interval(secs => i)
      FROM generate_series(1, 3000) AS i`);
    try {
      // Her list without a search or a filter is counted from the per-assignee counters: exact, however many.
      const unsearched = await ann.get<Lead[]>("/api/leads?limit=1");
      expect([unsearched.headers[TOTAL_COUNT_HEADER], unsearched.headers[TOTAL_EXACT_HEADER]]).toEqual([String(await visibleCount(annId)), "true"]);
      // With a filter besides, her part and the unassigned part are counted apart, up to the cap: past it, "about 1,000".
      const filtered = await ann.get<Lead[]>("/api/leads?limit=1&priority=medium");
      expect([filtered.headers[TOTAL_COUNT_HEADER], filtered.headers[TOTAL_EXACT_HEADER]]).toEqual(["1000", "false"]);
      const expected = async (direction: "ASC" | "DESC") =>
        (
          await rawRows<{ id: number }>(
            rt.ctx.db,
            sql`SELECT id FROM leads WHERE email LIKE 'numbat%@bulk.test' AND (assignee_id = ${annId} OR assignee_id IS NULL)
                ORDER BY created_at ${sql.raw(direction)}, id ${sql.raw(direction)} LIMIT 150`,
          )
        ).map((row) => Number(row.id));
      for (const [sort, direction] of [["-createdAt", "DESC"], ["createdAt", "ASC"]] as const) {
        const seen: number[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 3; page++) {
          const res = await ann.get<Lead[]>(`/api/leads?q=numbat&sort=${sort}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
          expect(res.status, res.text).toBe(200);
          expect(res.headers[TOTAL_EXACT_HEADER], sort).toBe("false");
          seen.push(...res.body.map((lead) => lead.id));
          cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
        }
        expect(seen, sort).toEqual(await expected(direction));
        const byOffset = await ann.get<Lead[]>(`/api/leads?q=numbat&sort=${sort}&limit=50&offset=50`);
        expect(byOffset.body.map((lead) => lead.id), `${sort} offset`).toEqual(seen.slice(50, 100));
      }
    } finally {
      await rt.ctx.db.execute(sql`DELETE FROM leads WHERE email LIKE 'numbat%@bulk.test'`);
    }
  });

  it("counts and filters within the scope, also where an administrator's count comes from the counters", async () => {
    for (const query of ["status=new", "createdFrom=2000-01-01", "industry=", "q=scopetest", "q=sc", "view=full&q=Scopetest%20Sam"]) {
      const walked = await walk(ann, `${query}&sort=-createdAt`);
      expect(sorted(walked.ids), query).toEqual(visibleToAnn());
      expect(walked.totals, query).toEqual(["2/true"]);
    }
    expect((await walk(ann, `assignee=${benId}&sort=businessName`)).ids).toEqual([]);
    expect((await walk(admin, "status=new&sort=businessName")).totals).toEqual(["4/true"]);
  });

  it("finds only those leads, and only their notes, in the global search", async () => {
    const found = await ann.get<SearchResult>("/api/search?q=Scopetest");
    expect(found.status, found.text).toBe(200);
    expect(sorted(found.body.leads.map((lead) => lead.id))).toEqual(visibleToAnn());
    expect(found.body.totals.leads).toBe(2);
    const short = await ann.get<SearchResult>("/api/search?q=Sc");
    expect(sorted(short.body.leads.map((lead) => lead.id))).toEqual(visibleToAnn());
    const notes = await ann.get<SearchResult>("/api/search?q=Scopenote");
    expect(notes.body.notes.map((note) => note.leadId)).toEqual([ids.annLead]);
    expect(notes.body.totals.notes).toBe(1);
    const everyone = await mia.get<SearchResult>("/api/search?q=Scopetest");
    expect(everyone.body.totals.leads).toBe(4);
  });

  it("exports only those leads: an agent may not export, and the export's query holds the scope for whoever may", async () => {
    expect((await ann.get("/api/leads/export.csv")).status).toBe(403);
    const exported = async (scope: LeadScope, filter: LeadQueryFilter) => {
      const rows: number[] = [];
      await runInLeadScope(scope, async () => {
        for await (const batch of leadExportBatches(rt.ctx.db, filter, "email", 2)) rows.push(...batch.map((row) => Number(row[0])));
      });
      return sorted(rows);
    };
    for (const filter of [{}, { status: "new" }, { q: "scopetest" }]) {
      expect(await exported({ kind: "own", userId: annId }, filter)).toEqual(visibleToAnn());
      expect(await exported({ kind: "all" }, filter)).toEqual(everyLead());
    }
  });

  it("answers 404 for another agent's lead, as for an unknown one, and changes nothing", async () => {
    const before = await stored(ids.benLead);
    const read = await ann.get<{ code: string }>(`/api/leads/${ids.benLead}`);
    expect([read.status, read.body.code]).toEqual([404, "lead.not_found"]);
    const put = await ann.put<{ code: string }>(`/api/leads/${ids.benLead}`, { businessName: "Taken by Ann", assigneeId: annId });
    expect([put.status, put.body.code]).toEqual([404, "lead.not_found"]);
    // The lead page's other parts: its KPI record, as an unknown lead's.
    const kpi = await ann.get<{ code: string }>(`/api/leads/${ids.benLead}/kpi`);
    expect([kpi.status, kpi.body.code]).toEqual([404, "lead.not_found"]);
    expect((await ann.get<{ record: unknown }>(`/api/leads/${ids.annLead}/kpi`)).body).toEqual({ record: null });
    // Deleting and merging need a manager's permissions: refused before any lead is looked at.
    expect((await ann.delete(`/api/leads/${ids.benLead}`)).status).toBe(403);
    expect((await ann.post(`/api/leads/${ids.annLead}/merge`, { otherId: ids.benLead })).status).toBe(403);
    expect(await stored(ids.benLead)).toEqual(before);
    // Her own and the unassigned ones she reads and changes.
    expect((await ann.get<Lead>(`/api/leads/${ids.freeLead}`)).status).toBe(200);
    const own = await ann.put<Lead>(`/api/leads/${ids.annLead}`, { leadSource: "Scope fair" });
    expect([own.status, own.body.leadSource]).toEqual([200, "Scope fair"]);
  });

  it("lets an agent create a lead for someone else and hand her own lead over, answering it as written", async () => {
    const created = await ann.post<CreatedLead>("/api/leads", {
      businessName: "Handed Over Ltd",
      businessOwnerName: "Hal",
      businessOwnerLastName: "Over",
      email: "handed@scope.example.com",
      assigneeId: benId,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ assigneeId: benId, assignedTo: "Ben Agent" });
    expect((await ann.get(`/api/leads/${created.body.id}`)).status).toBe(404);
    const mine = await ann.post<CreatedLead>("/api/leads", {
      businessName: "Mine Then His Ltd",
      businessOwnerName: "Mo",
      businessOwnerLastName: "Ved",
      email: "moved@scope.example.com",
      assigneeId: annId,
    });
    const handed = await ann.put<Lead>(`/api/leads/${mine.body.id}`, { assigneeId: benId });
    expect([handed.status, handed.body.assignedTo]).toEqual([200, "Ben Agent"]);
    expect((await ann.get(`/api/leads/${mine.body.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/leads/${mine.body.id}`)).status).toBe(200);
    const unknown = await ann.post<{ fields?: Record<string, unknown> }>("/api/leads", {
      businessName: "Nobody's Ltd",
      businessOwnerName: "No",
      businessOwnerLastName: "Body",
      email: "nobody@scope.example.com",
      assigneeId: 999_999,
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields ?? {})).toEqual(["assigneeId"]);
    expect((await admin.delete(`/api/leads/${created.body.id}`)).status).toBe(200);
  });

  it("runs a bulk job within the scope it was asked in: another agent's lead fails as an unknown id and stays as it was", async () => {
    const before = await stored(ids.benLead);
    const started = await ann.post<LeadBulkJob>("/api/leads/bulk", { ids: [ids.annLead, ids.benLead, ids.freeLead], action: "priority", value: "high" });
    expect(started.status, started.text).toBe(202);
    // The job runs later, outside any request, and still acts for Ann.
    await runJob(started.body.id);
    const done = (await ann.get<LeadBulkJob>(`/api/leads/bulk/${started.body.id}`)).body;
    expect(done).toMatchObject({ status: "done", changed: 2, failed: 1, failures: [{ leadId: ids.benLead, code: "lead_bulk.lead_missing" }] });
    expect(await stored(ids.benLead)).toEqual(before);
    expect((await stored(ids.annLead)).priority).toBe("high");
    // A filter selects and counts within the scope too.
    const stale = await ann.post<{ params: { current: number } }>("/api/leads/bulk", { filter: {}, expectedTotal: 4, action: "priority", value: "low" });
    expect([stale.status, stale.body.params.current]).toEqual([409, 2]);
    // Assigned by staff id: the unassigned lead becomes Ann's, named in assignedTo.
    const assign = await ann.post<LeadBulkJob>("/api/leads/bulk", { ids: [ids.freeLead], action: "assign", value: annId });
    expect(assign.status, assign.text).toBe(202);
    await runJob(assign.body.id);
    expect(await stored(ids.freeLead)).toMatchObject({ assigneeId: annId, assignedTo: "Ann Agent" });
    const unassign = await ann.post<LeadBulkJob>("/api/leads/bulk", { ids: [ids.freeLead], action: "assign", value: "none" });
    await runJob(unassign.body.id);
    expect(await stored(ids.freeLead)).toMatchObject({ assigneeId: null, assignedTo: null });
  });

  it("counts an agent's list and the assignee filter exactly from the per-assignee counters, as leads change hands on every route", async () => {
    const total = async (client: TestClient, query: string) => {
      const res = await client.get<Lead[]>(`/api/leads?limit=1${query}`);
      expect(res.status, res.text).toBe(200);
      return `${String(res.headers[TOTAL_COUNT_HEADER])}/${String(res.headers[TOTAL_EXACT_HEADER])}`;
    };
    const tableCount = async (where: ReturnType<typeof sql>) =>
      `${(await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM leads WHERE ${where}`))[0]!.n}/true`;
    /** What each list says against the table, and the counters against a count of the table by assignee. */
    const agree = async (step: string) => {
      expect(await total(ann, ""), step).toBe(`${await visibleCount(annId)}/true`);
      expect(await total(ben, "&assignee=me"), step).toBe(await tableCount(sql`assignee_id = ${benId}`));
      expect(await total(admin, "&assignee=none"), step).toBe(await tableCount(sql`assignee_id IS NULL`));
      expect(await total(admin, `&assignee=${annId}&assignee=none`), step).toBe(await tableCount(sql`assignee_id = ${annId} OR assignee_id IS NULL`));
      // Within her scope, another agent's leads are none of hers.
      expect(await total(ann, `&assignee=${benId}`), step).toBe("0/true");
      const counters = await rawRows<{ k: number; n: number }>(rt.ctx.db, sql`SELECT assignee_key AS k, n FROM lead_assignee_counts WHERE n <> 0 ORDER BY 1`);
      const counted = await rawRows<{ k: number; n: number }>(rt.ctx.db, sql`SELECT coalesce(assignee_id, 0) AS k, count(*)::int AS n FROM leads GROUP BY 1 ORDER BY 1`);
      expect(counters.map((row) => [Number(row.k), Number(row.n)]), step).toEqual(counted.map((row) => [Number(row.k), Number(row.n)]));
    };
    await agree("at the start");
    const made: number[] = [];
    const make = async (key: string, body: Record<string, unknown>) => {
      const res = await admin.post<CreatedLead>("/api/leads", {
        businessName: `Counted ${key}`,
        businessOwnerName: "Cy",
        businessOwnerLastName: `Counted${key}`,
        email: `counted.${key}@scope.example.com`,
        ...body,
      });
      expect(res.status, res.text).toBe(201);
      made.push(res.body.id);
      return res.body.id;
    };
    try {
      const forAnn = await make("ann", { assigneeId: annId });
      await make("byName", { assignedTo: "Ben Agent" });
      const free = await make("free", {});
      await agree("created: by id, by name, unassigned");
      expect((await admin.put(`/api/leads/${forAnn}`, { assigneeId: benId })).status).toBe(200);
      await agree("handed from Ann to Ben");
      expect((await admin.put(`/api/leads/${forAnn}`, { assigneeId: null })).status).toBe(200);
      await agree("unassigned");
      expect((await admin.put(`/api/leads/${forAnn}`, { businessName: "Counted, renamed" })).status).toBe(200);
      await agree("another field changed");
      const bulk = await admin.post<LeadBulkJob>("/api/leads/bulk", { ids: [forAnn, free], action: "assign", value: annId });
      expect(bulk.status, bulk.text).toBe(202);
      await runJob(bulk.body.id);
      await agree("assigned in bulk");
      const merged = await admin.post(`/api/leads/${forAnn}/merge`, { otherId: made[1], fields: { assigneeId: "other" } });
      expect(merged.status, merged.text).toBe(200);
      await agree("merged, keeping the other's assignee");
      expect((await admin.delete(`/api/leads/${free}`)).status).toBe(200);
      await agree("deleted");
    } finally {
      await rt.ctx.db.execute(sql`DELETE FROM leads WHERE email LIKE 'counted.%@scope.example.com'`);
    }
    await agree("cleaned up");
  });

  it("gives a task about a lead only to someone who can open it", async () => {
    const task = (body: Record<string, unknown>) => admin.post<{ id: number; fieldCodes?: Record<string, { code: string }> }>("/api/tasks", { title: "Call them", ...body });
    const refused = async (body: Record<string, unknown>) => {
      const res = await task(body);
      expect([res.status, res.body.fieldCodes?.assigneeId?.code], JSON.stringify(body)).toEqual([400, "task.assignee_cannot_see_lead"]);
    };
    await refused({ leadId: ids.benLead, assigneeId: annId });
    await refused({ leadId: ids.annLead, assigneeId: benId });
    const taskCount = async () => Number((await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM tasks`))[0]!.n);
    const before = await taskCount();
    const miaId = await idOf(mia);
    const given: number[] = [];
    for (const body of [{ leadId: ids.freeLead, assigneeId: annId }, { leadId: ids.annLead, assigneeId: annId }, { leadId: ids.benLead, assigneeId: miaId }, { assigneeId: annId }]) {
      const res = await task(body);
      expect(res.status, JSON.stringify(body)).toBe(201);
      given.push(res.body.id);
    }
    expect(await taskCount()).toBe(before + 4);
    // Moving Ann's task to Ben's lead is refused too, and the task stays as it was.
    const moved = await admin.put<{ fieldCodes?: Record<string, { code: string }> }>(`/api/tasks/${given[0]}`, { leadId: ids.benLead });
    expect([moved.status, moved.body.fieldCodes?.assigneeId?.code]).toEqual([400, "task.assignee_cannot_see_lead"]);
    expect((await admin.get<{ leadId: number }>(`/api/tasks/${given[0]}`)).body.leadId).toBe(ids.freeLead);
    await setAccess("all");
    try {
      const res = await task({ leadId: ids.benLead, assigneeId: annId });
      expect(res.status, res.text).toBe(201);
      given.push(res.body.id);
    } finally {
      await setAccess("own");
    }
    for (const id of given) expect((await admin.delete(`/api/tasks/${id}`)).status).toBe(200);
  });

  it("filters by assignee id, me and none", async () => {
    const keys = async (client: TestClient, query: string) => sorted((await walk(client, `${query}&sort=createdAt`)).ids);
    expect(await keys(admin, `assignee=${annId}`)).toEqual([ids.annLead]);
    expect(await keys(admin, `assignee=${benId}`)).toEqual(sorted([ids.benLead, ids.benOther]));
    expect(await keys(admin, `assignee=none`)).toEqual([ids.freeLead]);
    expect(await keys(admin, `assignee=${annId}&assignee=none`)).toEqual(visibleToAnn());
    expect(await keys(ann, "assignee=me")).toEqual([ids.annLead]);
    expect(await keys(ben, "assignee=ME")).toEqual(sorted([ids.benLead, ids.benOther]));
    const named = await admin.get<{ fields?: Record<string, unknown> }>("/api/leads?assignee=Ann%20Agent");
    expect([named.status, Object.keys(named.body.fields ?? {})]).toEqual([400, ["assignee"]]);
  });

  it("holds an API key Ann made to her scope", async () => {
    const anonymous = rt.client();
    expect(sorted((await walk(anonymous, "sort=email", asKey)).ids)).toEqual(visibleToAnn());
    expect((await anonymous.get(`/api/leads/${ids.benLead}`, asKey)).status).toBe(404);
    expect((await anonymous.get(`/api/leads/${ids.annLead}`, asKey)).status).toBe(200);
    const found = await anonymous.get<SearchResult>("/api/search?q=Scopetest", asKey);
    expect(sorted(found.body.leads.map((lead) => lead.id))).toEqual(visibleToAnn());
  });

  it("answers 404, never a 410 naming it, for a lead merged into another agent's lead, on every route of one lead", async () => {
    const kept = await scopeLead("benKept", benId);
    const gone = await scopeLead("benGone", benId);
    expect((await admin.post(`/api/leads/${kept}/merge`, { otherId: gone })).status).toBe(200);
    try {
      for (const path of ["", "/duplicates", "/timeline", "/attachments", "/emails", "/kpi"]) {
        const answered = await admin.get<{ mergedInto?: number }>(`/api/leads/${gone}${path}`);
        expect([answered.status, answered.body.mergedInto], `administrator: ${path}`).toEqual([410, kept]);
        const limited = await ann.get(`/api/leads/${gone}${path}`);
        expect([limited.status, limited.text.includes(String(kept))], `Ann: ${path}`).toEqual([404, false]);
      }
    } finally {
      expect((await admin.delete(`/api/leads/${kept}`)).status).toBe(200);
    }
  });

  it("shows a manager every lead, and every agent every lead once the setting is 'all'", async () => {
    expect(sorted((await walk(mia, "sort=businessName")).ids)).toEqual(everyLead());
    expect((await mia.get(`/api/leads/${ids.benLead}`)).status).toBe(200);
    await setAccess("all");
    try {
      expect(sorted((await walk(ann, "sort=-updatedAt")).ids)).toEqual(everyLead());
      expect((await walk(ann, "status=new&sort=createdAt")).totals).toEqual(["4/true"]);
      expect((await ann.get(`/api/leads/${ids.benLead}`)).status).toBe(200);
      expect((await ann.get<SearchResult>("/api/search?q=Scopetest")).body.totals.leads).toBe(4);
    } finally {
      await setAccess("own");
    }
  });
});
