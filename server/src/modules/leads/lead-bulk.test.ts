import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { LeadBulkJob } from "@contract/lead-bulk";
import type { CreatedLead, Lead } from "@contract/leads";
import type { TimelinePage } from "@contract/timeline";
import { rawRows } from "../../db/raw-rows";
import { ADMIN, signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { runBulkBatch, runLeadBulkJob } from "./lead-bulk.service";

/*
 * Bulk actions on leads (issue 26.3) over HTTP. Workers are off: each test runs the job's handler itself (as the queue
 * would), so it can stop a job half-way, cancel it or restart it from its stored cursor.
 */

const aLead = (n: string, extra: Record<string, unknown> = {}) => ({
  businessName: `Bulk ${n} Ltd`,
  businessOwnerName: "Bea",
  businessOwnerLastName: `Bulk${n}`,
  email: `bulk.${n}@example.com`,
  ...extra,
});

describe.each(testDrivers)("bulk actions on leads on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  let tag = 0;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => rt?.stop());
  afterEach(() => {
    delete process.env.LEAD_BULK_BATCH_SIZE;
    delete process.env.LEAD_BULK_LANES;
  });

  /** n new leads with their own industry (so a filter selects exactly them), ids ascending. */
  async function makeLeads(n: number, extra: Record<string, unknown> = {}) {
    const industry = `bulk-${driver}-${++tag}`;
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await admin.post<CreatedLead>("/api/leads", aLead(`${tag}-${i}`, { industry, ...extra }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    return { ids, industry };
  }
  const handlerContext = () => ({ db: rt.ctx.db, config: rt.ctx.config, jobs: rt.ctx.jobs, eventSubscribers: [] });
  const runToEnd = (id: number) => runLeadBulkJob.handler(handlerContext(), { jobId: id }, { id: "test", attempt: 1, attemptsAllowed: 1 });
  const job = async (client: TestClient, id: number) => (await client.get<LeadBulkJob>(`/api/leads/bulk/${id}`)).body;
  const lead = async (id: number) => (await admin.get<Lead>(`/api/leads/${id}`)).body;
  const countWhere = async (query: ReturnType<typeof sql>) => (await rawRows<{ n: number }>(rt.ctx.db, query))[0]!.n;
  const auditRows = (ids: number[], action: string) =>
    countWhere(sql`SELECT count(*)::int AS n FROM audit_logs WHERE action = ${action} AND (params->>'leadId')::int = ANY(${`{${ids.join(",")}}`}::int[])`);
  const events = (ids: number[], name: string) =>
    countWhere(sql`SELECT count(*)::int AS n FROM event_outbox WHERE name = ${name} AND (payload->>'leadId')::int = ANY(${`{${ids.join(",")}}`}::int[])`);
  const timelineOf = async (id: number) => (await admin.get<TimelinePage>(`/api/leads/${id}/timeline`)).body.entries;

  it("sets the status of the leads ticked: counts, skipped, one audit row, events and timeline entry per changed lead, and one entry for the action", async () => {
    const { ids } = await makeLeads(4);
    await admin.put(`/api/leads/${ids[0]}`, { status: "contacted" });
    const timelineBefore = (await timelineOf(ids[1]!)).length;
    const started = await admin.post<LeadBulkJob>("/api/leads/bulk", { ids: [...ids, 999_999_99], action: "status", value: "contacted" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "queued", action: "status", value: "contacted", total: 5, done: 0 });
    await runToEnd(started.body.id);
    const finished = await job(admin, started.body.id);
    expect(finished).toMatchObject({ status: "done", total: 5, done: 5, changed: 3, skipped: 1, failed: 1, failures: [{ leadId: 999_999_99, code: "lead_bulk.lead_missing" }] });
    expect(finished.finishedAt).not.toBeNull();
    for (const id of ids) expect((await lead(id)).status).toBe("contacted");
    const changed = ids.slice(1);
    expect(await auditRows(changed, "lead.update")).toBe(3);
    expect(await events(changed, "lead.updated")).toBe(3);
    const entries = await timelineOf(ids[1]!);
    expect(entries.length).toBe(timelineBefore + 1);
    expect(entries[0]!.changes).toEqual([{ field: "status", from: "new", to: "contacted" }]);
    const [summary] = await rawRows<{ code: string; params: Record<string, unknown>; user_email: string }>(
      rt.ctx.db,
      sql`SELECT code, params, user_email FROM audit_logs WHERE action = 'lead.bulk.status' AND (params->>'jobId')::int = ${started.body.id}`,
    );
    expect(summary).toMatchObject({ code: "lead.bulk_finished", user_email: ADMIN.email, params: { total: 5, changed: 3, skipped: 1, failed: 1, status: "done" } });
    // The person's recent jobs list it, so its progress survives a reload.
    const recent = await admin.get<LeadBulkJob[]>("/api/leads/bulk");
    expect(recent.body[0]).toMatchObject({ id: started.body.id, status: "done" });
  });

  it("acts on every lead a filter selects once the count is confirmed, and answers 409 with the current count otherwise", async () => {
    const { ids, industry } = await makeLeads(3);
    const stale = await admin.post("/api/leads/bulk", { filter: { industry }, expectedTotal: 2, action: "priority", value: "high" });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "lead_bulk.count_changed", params: { current: 3, expected: 2 } });
    expect(await countWhere(sql`SELECT count(*)::int AS n FROM lead_bulk_jobs WHERE action = 'priority' AND total = 3 AND value = 'high'`)).toBe(0);
    const started = await admin.post<LeadBulkJob>("/api/leads/bulk", { filter: { industry }, expectedTotal: 3, action: "priority", value: "high" });
    expect(started.status).toBe(202);
    await runToEnd(started.body.id);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "done", changed: 3, skipped: 0, failed: 0 });
    for (const id of ids) expect((await lead(id)).priority).toBe("high");
  });

  it("assigns, moves to a stage (the status follows), adds and removes a tag", async () => {
    const { ids, industry } = await makeLeads(2);
    const run = async (action: string, value: unknown) => {
      const res = await admin.post<LeadBulkJob>("/api/leads/bulk", { filter: { industry }, expectedTotal: 2, action, value });
      expect(res.status).toBe(202);
      await runToEnd(res.body.id);
      return job(admin, res.body.id);
    };
    // Assigned by staff id: the lead answers the person's id and name.
    await signedInWithRole(rt, "agent", { name: `Bob Builder ${driver}`, email: `bob.bulk.${driver}@leadwell.test` });
    const [bob] = await rawRows<{ id: number }>(rt.ctx.db, sql`SELECT id FROM users WHERE email = ${`bob.bulk.${driver}@leadwell.test`}`);
    expect(await run("assign", bob!.id)).toMatchObject({ changed: 2, value: String(bob!.id) });
    expect(await lead(ids[0]!)).toMatchObject({ assigneeId: bob!.id, assignedTo: `Bob Builder ${driver}` });
    expect((await timelineOf(ids[0]!))[0]).toMatchObject({ kind: "assignment" });
    expect(await run("assign", bob!.id)).toMatchObject({ changed: 0, skipped: 2 });
    expect(await run("assign", "none")).toMatchObject({ changed: 2 });
    expect(await lead(ids[0]!)).toMatchObject({ assigneeId: null, assignedTo: null });
    expect(await run("assign", null)).toMatchObject({ changed: 0, skipped: 2 });
    // An unknown or deactivated person, or a name, is refused naming value, and nothing starts.
    await rt.ctx.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE id = ${bob!.id}`);
    for (const value of [bob!.id, 999_999, "Bob Builder"]) {
      const refused = await admin.post<{ fields?: Record<string, unknown> }>("/api/leads/bulk", { ids, action: "assign", value });
      expect(refused.status, String(value)).toBe(400);
      expect(Object.keys(refused.body.fields ?? {})).toEqual(["value"]);
    }
    expect(await run("addTag", "hot")).toMatchObject({ changed: 2, skipped: 0 });
    expect(await run("addTag", "hot")).toMatchObject({ changed: 0, skipped: 2 });
    expect((await lead(ids[1]!)).tags).toContain("hot");
    expect(await run("removeTag", "hot")).toMatchObject({ changed: 2 });
    expect((await lead(ids[1]!)).tags).not.toContain("hot");
    const stages = await rawRows<{ name: string; outcome: string }>(rt.ctx.db, sql`SELECT name, outcome FROM pipeline_stages ORDER BY position`);
    const won = stages.find((s) => s.outcome === "won");
    if (won) {
      expect(await run("stage", won.name.toLowerCase())).toMatchObject({ changed: 2 });
      const moved = await lead(ids[0]!);
      expect([moved.pipelineStage, moved.status]).toEqual([won.name, "converted"]);
      expect(await events(ids, "lead.stage_changed")).toBe(2);
    }
    const unknown = await admin.post("/api/leads/bulk", { ids, action: "stage", value: "No Such Stage" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "lead_bulk.unknown_stage" });
  });

  it("answers 400 naming the field for a bad selection or value", async () => {
    const cases: [unknown, string][] = [
      [{ action: "status", value: "new" }, "ids"],
      [{ ids: [1], filter: {}, expectedTotal: 1, action: "status", value: "new" }, "filter"],
      [{ filter: {}, action: "status", value: "new" }, "expectedTotal"],
      [{ ids: [1], action: "status", value: "bogus" }, "value"],
      [{ ids: [1], action: "priority" }, "value"],
      [{ ids: [], action: "delete" }, "ids"],
      [{ ids: [1], action: "explode" }, "action"],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post<{ fields?: Record<string, unknown> }>("/api/leads/bulk", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it("refuses a delete to an agent (403 with its code, nothing written) and deletes for a manager, with events, audit rows and timeline entries", async () => {
    const { ids } = await makeLeads(3);
    const agent = await signedInWithRole(rt, "agent", { name: `Agent ${driver}`, email: `agent.bulk.${driver}@example.com` });
    const jobsBefore = await countWhere(sql`SELECT count(*)::int AS n FROM lead_bulk_jobs`);
    const refused = await agent.post("/api/leads/bulk", { ids, action: "delete" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "lead_bulk.delete_forbidden" });
    expect(await countWhere(sql`SELECT count(*)::int AS n FROM lead_bulk_jobs`)).toBe(jobsBefore);
    const manager = await signedInWithRole(rt, "manager", { name: `Manager ${driver}`, email: `manager.bulk.${driver}@example.com` });
    const started = await manager.post<LeadBulkJob>("/api/leads/bulk", { ids, action: "delete" });
    expect(started.status).toBe(202);
    // Another person's job is not theirs to see.
    expect((await agent.get(`/api/leads/bulk/${started.body.id}`)).status).toBe(404);
    await runToEnd(started.body.id);
    expect(await job(manager, started.body.id)).toMatchObject({ status: "done", changed: 3 });
    for (const id of ids) expect((await admin.get(`/api/leads/${id}`)).status).toBe(404);
    expect(await events(ids, "lead.deleted")).toBe(3);
    expect(await auditRows(ids, "lead.delete")).toBe(3);
    expect(await countWhere(sql`SELECT count(*)::int AS n FROM lead_timeline WHERE kind = 'deleted' AND lead_id = ANY(${`{${ids.join(",")}}`}::int[])`)).toBe(3);
  });

  it("cancelled half-way keeps what was done and stops", async () => {
    const { ids, industry } = await makeLeads(6);
    process.env.LEAD_BULK_BATCH_SIZE = "2";
    const started = await admin.post<LeadBulkJob>("/api/leads/bulk", { filter: { industry }, expectedTotal: 6, action: "priority", value: "low" });
    expect(await runBulkBatch(rt.ctx.db, started.body.id)).toBe(true);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "running", done: 2, changed: 2 });
    const cancelled = await admin.post<LeadBulkJob>(`/api/leads/bulk/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelling");
    await runToEnd(started.body.id);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "cancelled", done: 2, changed: 2 });
    const priorities = await Promise.all(ids.map(async (id) => (await lead(id)).priority));
    expect(priorities).toEqual(["low", "low", "medium", "medium", "medium", "medium"]);
    expect((await admin.post(`/api/leads/bulk/${started.body.id}/cancel`)).status).toBe(409);
  });

  it("resumes after a crash from its stored cursor without doing anything twice", async () => {
    const { ids, industry } = await makeLeads(5);
    process.env.LEAD_BULK_BATCH_SIZE = "2";
    const started = await admin.post<LeadBulkJob>("/api/leads/bulk", { filter: { industry }, expectedTotal: 5, action: "addTag", value: "resumed" });
    // One batch commits, then the process "dies": a new run of the handler starts from the stored cursor.
    await runBulkBatch(rt.ctx.db, started.body.id);
    await runToEnd(started.body.id);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "done", done: 5, changed: 5, skipped: 0 });
    for (const id of ids) expect((await lead(id)).tags.filter((t) => t === "resumed")).toEqual(["resumed"]);
    expect(await auditRows(ids, "lead.update")).toBe(5);
    expect(await events(ids, "lead.updated")).toBe(5);
    // Running it again once done changes nothing.
    await runToEnd(started.body.id);
    expect(await events(ids, "lead.updated")).toBe(5);
  });

  it("runs its batches in lanes side by side, and two runners of one job at once still change each lead once", async () => {
    const { ids, industry } = await makeLeads(9);
    process.env.LEAD_BULK_BATCH_SIZE = "2";
    process.env.LEAD_BULK_LANES = "3";
    const started = await admin.post<LeadBulkJob>("/api/leads/bulk", { filter: { industry }, expectedTotal: 9, action: "status", value: "qualified" });
    expect(started.status).toBe(202);
    // Lane 1 takes the second batch (the third and fourth leads) while lane 0 has not started.
    expect(await runBulkBatch(rt.ctx.db, started.body.id, 1)).toBe(true);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "running", done: 2, changed: 2 });
    expect((await Promise.all(ids.map(async (id) => (await lead(id)).status)))).toEqual(["new", "new", "qualified", "qualified", "new", "new", "new", "new", "new"]);
    // The queue delivers the job twice (an expired run retried while the first still works): both run every lane.
    await Promise.all([runToEnd(started.body.id), runToEnd(started.body.id)]);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "done", total: 9, done: 9, changed: 9, skipped: 0, failed: 0 });
    for (const id of ids) expect((await lead(id)).status).toBe("qualified");
    expect(await events(ids, "lead.updated")).toBe(9);
    expect(await auditRows(ids, "lead.update")).toBe(9);
    expect(await countWhere(sql`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'lead.bulk.status' AND (params->>'jobId')::int = ${started.body.id}`)).toBe(1);
    expect(await countWhere(sql`SELECT count(*)::int AS n FROM lead_timeline WHERE kind = 'changed' AND lead_id = ANY(${`{${ids.join(",")}}`}::int[])`)).toBe(9);
  });

  it("exports the selection to a CSV file downloaded as an attachment", async () => {
    const { ids, industry } = await makeLeads(3);
    process.env.LEAD_BULK_BATCH_SIZE = "2";
    const started = await admin.post<LeadBulkJob>("/api/leads/bulk", { filter: { industry }, expectedTotal: 3, action: "export" });
    expect(started.status).toBe(202);
    expect((await admin.get(`/api/leads/bulk/${started.body.id}/file`)).status).toBe(404);
    await runToEnd(started.body.id);
    expect(await job(admin, started.body.id)).toMatchObject({ status: "done", changed: 3, hasFile: true });
    const file = await admin.get(`/api/leads/bulk/${started.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(String(file.headers["content-disposition"])).toMatch(/^attachment; filename="leads-bulk-\d+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = file.text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^ID,/);
    expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual(ids);
    const viewer = await signedInWithRole(rt, "viewer", { name: `Viewer ${driver}`, email: `viewer.bulk.${driver}@example.com` });
    expect((await viewer.post("/api/leads/bulk", { ids, action: "export" })).status).toBe(403);
  });
});
