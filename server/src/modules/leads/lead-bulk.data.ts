import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { LeadBulkAction } from "@contract/lead-bulk";
import type { Database } from "../../db/client";
import { queryArrays } from "../../db/query-arrays";
import { exportColumns, filterConditions, type LeadQueryFilter } from "../../db/queries/lead-list";
import { rawRow, rawRows } from "../../db/raw-rows";
import { kpiMetrics, leadBulkFiles, leadBulkJobs, leads, pipelineStages } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

export type LeadBulkJobRow = typeof leadBulkJobs.$inferSelect;

/** Every lead id the filter selects within the request's lead scope (filterConditions holds it), ascending (the job's walk order). */
export async function selectFilteredLeadIds(db: Database, filter: LeadQueryFilter): Promise<number[]> {
  const rows = await queryArrays(db, sql`SELECT ${leads.id} FROM ${leads} WHERE ${and(...filterConditions(filter))} ORDER BY ${leads.id}`);
  return rows.map((row) => Number(row[0]));
}

/** The stored stage's name in its stored letter case, or undefined when no stage has that name. */
export async function findStageName(db: Database, name: string): Promise<string | undefined> {
  const [row] = await db.select({ name: pipelineStages.name }).from(pipelineStages).where(sql`lower(${pipelineStages.name}) = lower(${name})`).limit(1);
  return row?.name;
}

export async function insertBulkJob(db: Database, values: typeof leadBulkJobs.$inferInsert): Promise<LeadBulkJobRow> {
  const [row] = await db.insert(leadBulkJobs).values(values).returning();
  return row!;
}

export async function findBulkJob(db: Database, id: number, userId?: number): Promise<LeadBulkJobRow | undefined> {
  const [row] = await db
    .select()
    .from(leadBulkJobs)
    .where(userId === undefined ? eq(leadBulkJobs.id, id) : and(eq(leadBulkJobs.id, id), eq(leadBulkJobs.userId, userId)));
  return row;
}

/** The job, locked while it is finished: its counters are final and it is finished once. */
export async function lockBulkJob(db: Database, id: number): Promise<LeadBulkJobRow | undefined> {
  const [row] = await db.select().from(leadBulkJobs).where(eq(leadBulkJobs.id, id)).for("update");
  return row;
}

export async function recentBulkJobs(db: Database, userId: number, limit = 20): Promise<LeadBulkJobRow[]> {
  return db.select().from(leadBulkJobs).where(eq(leadBulkJobs.userId, userId)).orderBy(desc(leadBulkJobs.id)).limit(limit);
}

export async function updateBulkJob(db: Database, id: number, patch: Partial<typeof leadBulkJobs.$inferInsert>): Promise<void> {
  await db.update(leadBulkJobs).set(patch).where(eq(leadBulkJobs.id, id));
}

/** What one lane's batch adds to the job's counters, and the leads it could not find. */
export interface LaneProgress {
  done: number;
  changed: number;
  skipped: number;
  failures: { leadId: number; code: string }[];
}

/**
 * Records one lane's batch in the job: the lane moves from `from` to `to` and the counters grow. Counters are added to,
 * not written, so lanes committing one after the other both count; a cancel asked for meanwhile stays asked for; the
 * failures listed stop at `maxFailures`. False when the lane was no longer at `from` (another runner of the same job
 * did this batch first): the caller rolls its own back.
 */
export async function advanceLane(db: Database, id: number, lane: number, from: number, to: number, progress: LaneProgress, maxFailures: number): Promise<boolean> {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`UPDATE lead_bulk_jobs SET
          status = CASE WHEN status = 'queued' THEN 'running' ELSE status END,
          lane_next[${lane + 1}::int] = ${to}::int,
          done = done + ${progress.done}::int,
          changed = changed + ${progress.changed}::int,
          skipped = skipped + ${progress.skipped}::int,
          failed = failed + ${progress.failures.length}::int,
          failures = (SELECT coalesce(jsonb_agg(f ORDER BY n), '[]'::jsonb)
                      FROM jsonb_array_elements(failures || ${JSON.stringify(progress.failures)}::jsonb) WITH ORDINALITY AS e(f, n)
                      WHERE n <= ${maxFailures}::int)
        WHERE id = ${id} AND lane_next[${lane + 1}::int] = ${from}::int
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Asks a queued or running job to stop after its batch under way; false when it had already finished. */
export async function requestCancel(db: Database, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(leadBulkJobs)
    .set({ status: "cancelling" })
    .where(and(eq(leadBulkJobs.id, id), eq(leadBulkJobs.userId, userId), sql`${leadBulkJobs.status} IN ('queued', 'running', 'cancelling')`))
    .returning({ id: leadBulkJobs.id });
  return rows.length > 0;
}

/** What one batch did: the leads it changed, those that already had the value, the ids with no lead (or none within the job's lead scope). */
export interface BatchOutcome {
  changed: number;
  skipped: number;
  missing: number[];
}

/** The column change and the "already has it" test of each changing action. */
function changeOf(action: Exclude<LeadBulkAction, "delete" | "export">, value: string | null): { set: SQL; unchanged: SQL } {
  switch (action) {
    // The staff id (the assignee trigger writes the person's name into assigned_to); unassigning also clears a name
    // kept as text that matched nobody, so a lead showing any assignee is not "already unassigned".
    case "assign":
      return value === null
        ? { set: sql`assignee_id = NULL, assigned_to = NULL`, unchanged: sql`(l.assignee_id IS NULL AND l.assigned_to IS NULL)` }
        : { set: sql`assignee_id = ${value}::int`, unchanged: sql`l.assignee_id IS NOT DISTINCT FROM ${value}::int` };
    case "status":
      return { set: sql`status = ${value}`, unchanged: sql`l.status = ${value}` };
    case "priority":
      return { set: sql`priority = ${value}`, unchanged: sql`l.priority = ${value}` };
    case "stage":
      return { set: sql`pipeline_stage = ${value}`, unchanged: sql`lower(coalesce(l.pipeline_stage, 'New')) = lower(${value})` };
    case "addTag":
      return { set: sql`tags = array_append(leads.tags, ${value}::text)`, unchanged: sql`${value}::text = ANY(l.tags)` };
    case "removeTag":
      return { set: sql`tags = array_remove(leads.tags, ${value}::text)`, unchanged: sql`NOT (${value}::text = ANY(l.tags))` };
  }
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * Changes one batch of leads in one statement: the update (the database's lw_lead_outcome makes status and stage follow
 * each other, and its timeline trigger writes one entry per changed lead), and for each changed lead its lead.updated
 * event (lead.stage_changed too when its stage moved) and its audit row, as the single-lead update writes them.
 */
export async function changeLeadBatch(
  db: Database,
  ids: readonly number[],
  action: Exclude<LeadBulkAction, "delete" | "export">,
  value: string | null,
  who: { userId: number; label: string | null; movedBy: { id: number; name: string; email: string } },
): Promise<BatchOutcome> {
  const { set, unchanged } = changeOf(action, value);
  const row = await rawRow<{ changed: number; present: number; missing: number[] | null }>(
    db,
    sql`WITH present AS (
          SELECT l.id, l.status, l.priority, l.pipeline_stage, l.assigned_to, l.tags, (${unchanged}) AS unchanged
          FROM leads l WHERE l.id = ANY(${idArray(ids)}) AND ${leadInScope(sql`l.assignee_id`)} ORDER BY l.id FOR UPDATE
        ),
        upd AS (
          UPDATE leads SET ${set}, updated_at = now()
          FROM present o WHERE leads.id = o.id AND NOT o.unchanged
          RETURNING leads.id, leads.business_name, leads.status, leads.pipeline_stage, leads.assigned_to,
            array_remove(ARRAY[
              CASE WHEN leads.assigned_to IS DISTINCT FROM o.assigned_to THEN 'assignedTo' END,
              CASE WHEN leads.status IS DISTINCT FROM o.status THEN 'status' END,
              CASE WHEN leads.priority IS DISTINCT FROM o.priority THEN 'priority' END,
              CASE WHEN lower(coalesce(leads.pipeline_stage, 'New')) <> lower(coalesce(o.pipeline_stage, 'New')) THEN 'pipelineStage' END,
              CASE WHEN leads.tags IS DISTINCT FROM o.tags THEN 'tags' END
            ], NULL) AS fields,
            o.pipeline_stage AS from_stage
        ),
        updated_events AS (
          INSERT INTO event_outbox (name, payload)
          SELECT 'lead.updated', jsonb_build_object('leadId', id, 'businessName', business_name, 'status', status, 'changedFields', to_jsonb(fields))
          FROM upd ORDER BY id
          RETURNING 1
        ),
        stage_events AS (
          INSERT INTO event_outbox (name, payload)
          SELECT 'lead.stage_changed', jsonb_build_object('leadId', id, 'businessName', business_name, 'fromStage', from_stage,
                   'toStage', pipeline_stage, 'assignedTo', assigned_to, 'movedBy', ${JSON.stringify(who.movedBy)}::jsonb)
          FROM upd WHERE 'pipelineStage' = ANY(fields) ORDER BY id
          RETURNING 1
        ),
        audits AS (
          INSERT INTO audit_logs (user_id, user_email, action, details, code, params)
          SELECT ${who.userId}, ${who.label}, 'lead.update', 'Lead #' || id || ': ' || array_to_string(fields, ', '), 'lead.updated',
                 jsonb_build_object('leadId', id, 'fields', array_to_string(fields, ', '))
          FROM upd ORDER BY id
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM upd)::int AS changed,
               (SELECT count(*) FROM present)::int AS present,
               (SELECT count(*) FROM updated_events)::int + (SELECT count(*) FROM stage_events)::int + (SELECT count(*) FROM audits)::int AS written,
               (SELECT array_agg(x ORDER BY x) FROM unnest(${idArray(ids)}) x WHERE x NOT IN (SELECT id FROM present)) AS missing`,
  );
  return { changed: row.changed, skipped: row.present - row.changed, missing: (row.missing ?? []).map(Number) };
}

/** Deletes one batch of leads, with each one's lead.deleted event and audit row (its timeline entry by trigger). */
export async function deleteLeadBatch(db: Database, ids: readonly number[], who: { userId: number; label: string | null }): Promise<BatchOutcome> {
  const row = await rawRow<{ changed: number; missing: number[] | null }>(
    db,
    sql`WITH del AS (
          DELETE FROM leads WHERE id = ANY(${idArray(ids)}) AND ${leadInScope(sql`leads.assignee_id`)} RETURNING id, business_name, email
        ),
        events AS (
          INSERT INTO event_outbox (name, payload)
          SELECT 'lead.deleted', jsonb_build_object('leadId', id, 'businessName', business_name) FROM del ORDER BY id RETURNING 1
        ),
        audits AS (
          INSERT INTO audit_logs (user_id, user_email, action, details, code, params)
          SELECT ${who.userId}, ${who.label}, 'lead.delete', 'Lead #' || id || ' ' || business_name || ' <' || email || '> and its KPI data', 'lead.deleted',
                 jsonb_build_object('leadId', id, 'businessName', business_name, 'email', email)
          FROM del ORDER BY id RETURNING 1
        )
        SELECT (SELECT count(*) FROM del)::int AS changed,
               (SELECT count(*) FROM events)::int + (SELECT count(*) FROM audits)::int AS written,
               (SELECT array_agg(x ORDER BY x) FROM unnest(${idArray(ids)}) x WHERE x NOT IN (SELECT id FROM del)) AS missing`,
  );
  return { changed: row.changed, skipped: 0, missing: (row.missing ?? []).map(Number) };
}

/** Writes one batch of an export: the leads' CSV rows (the export endpoint's columns) as the file's next chunk. */
export async function exportLeadBatch(db: Database, jobId: number, seq: number, ids: readonly number[]): Promise<BatchOutcome> {
  const rows = (await queryArrays(
    db,
    sql`SELECT ${exportColumns} FROM ${leads} LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ${leads.id}
        WHERE ${leads.id} = ANY(${idArray(ids)}) AND ${leadInScope(leads.assigneeId)} ORDER BY ${leads.id}`,
  )) as (string | null)[][];
  if (rows.length) await db.insert(leadBulkFiles).values({ jobId, seq, rows });
  const found = new Set(rows.map((r) => Number(r[0])));
  return { changed: rows.length, skipped: 0, missing: ids.filter((id) => !found.has(id)) };
}

/** An export's chunks in order, one at a time (memory stays at one chunk however large the file). */
export async function* exportFileChunks(db: Database, jobId: number): AsyncGenerator<(string | null)[][]> {
  let seq = -1;
  for (;;) {
    const [chunk] = await rawRows<{ seq: number; rows: (string | null)[][] }>(
      db,
      sql`SELECT seq, rows FROM lead_bulk_files WHERE job_id = ${jobId} AND seq > ${seq} ORDER BY seq LIMIT 1`,
    );
    if (!chunk) return;
    seq = chunk.seq;
    yield chunk.rows;
  }
}
