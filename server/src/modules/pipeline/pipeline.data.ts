import { sql } from "drizzle-orm";
import { DEFAULT_PIPELINE_STAGE, IMPLICIT_STAGE_POSITION, STAGE_OUTCOME_DEFAULT, STAGE_RECENT_LEADS, type PipelineLead, type PipelineStage, type StageOutcome } from "@contract/pipeline";
import type { LeadStatus } from "@contract/leads";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { currentLeadScope, leadInScope, type LeadScope } from "../../kernel/lead-scope";

/*
 * A lead's stage is its stage's name (leads.pipeline_stage); no stage counts as DEFAULT_PIPELINE_STAGE, and names
 * match in any letter case. The SQL function lw_stage_key (migration 0009) is that rule: the counters, the per-stage
 * index and these queries all go through it.
 *
 * A stage's outcome (open, won, lost) and a lead's status follow each other through the trigger lw_lead_outcome
 * (migration 0034), whoever writes the lead: moving a lead here only writes its stage, and its status follows.
 *
 * The board keeps to the request's lead scope (kernel/lead-scope.ts): a restricted agent's columns, counts and cards
 * hold only their own and unassigned leads, and moving any other lead is refused as for an unknown id. The per-stage
 * counters (pipeline_stage_counts) are for every lead, so they answer only an unrestricted request.
 */

/** The key of a stage's name in pipeline_stage_counts and leads_stage_created_idx. */
const keyOf = (name: string) => sql`lw_stage_key(${name}::text)`;

/** Lead names on a stage card, newest first, through leads_stage_created_idx, within the request's scope. */
const recentLeadsOf = (stageKey: ReturnType<typeof sql>, scope: LeadScope) => sql`(
  SELECT coalesce(json_agg(json_build_object('id', r.id, 'businessName', r.business_name, 'businessOwnerName', r.business_owner_name,
           'businessOwnerLastName', r.business_owner_last_name) ORDER BY r.created_at DESC, r.id DESC), '[]'::json)
  FROM (
    SELECT id, business_name, business_owner_name, business_owner_last_name, created_at FROM leads
    WHERE lw_stage_key(pipeline_stage) = ${stageKey} AND ${leadInScope(sql`assignee_id`, scope)}
    ORDER BY created_at DESC, id DESC LIMIT ${STAGE_RECENT_LEADS}
  ) r)`;

/**
 * Leads per stage key as the scope sees them: the counters for every lead, else the scope's leads counted by stage.
 */
const stageCountsOf = (scope: LeadScope) =>
  scope.kind === "all"
    ? sql`pipeline_stage_counts`
    : sql`(SELECT lw_stage_key(pipeline_stage) AS stage_key, count(*)::int AS n FROM leads WHERE ${leadInScope(sql`assignee_id`, scope)} GROUP BY 1)`;

/**
 * Every stage by position with its exact lead count (from the counters, or counted in the restricted scope) and newest
 * leads. The implicit default stage comes first unless a stored stage has its name.
 */
export async function selectStages(db: Database): Promise<PipelineStage[]> {
  const scope = currentLeadScope();
  return rawRows<PipelineStage>(
    db,
    sql`WITH stages AS (
          SELECT id, name::text AS name, position, outcome::text AS outcome, false AS implicit FROM pipeline_stages
          UNION ALL
          SELECT NULL, ${DEFAULT_PIPELINE_STAGE}::text, ${IMPLICIT_STAGE_POSITION}::int, ${STAGE_OUTCOME_DEFAULT}::text, true
          WHERE NOT EXISTS (SELECT 1 FROM pipeline_stages WHERE lower(name) = lower(${DEFAULT_PIPELINE_STAGE}))
        )
        SELECT s.id, s.name, s.position, s.outcome, s.implicit, coalesce(c.n, 0)::int AS "leadCount", ${recentLeadsOf(sql`lower(s.name)`, scope)} AS "recentLeads"
        FROM stages s LEFT JOIN ${stageCountsOf(scope)} c ON c.stage_key = lower(s.name)
        ORDER BY s.position, s.id NULLS FIRST`,
  );
}

export interface StoredStage {
  id: number;
  name: string;
  position: number;
  outcome: StageOutcome;
}

export async function insertStage(db: Database, values: { name: string; position: number; outcome: StageOutcome }): Promise<StoredStage> {
  const [row] = await rawRows<StoredStage>(
    db,
    sql`INSERT INTO pipeline_stages (name, position, outcome) VALUES (${values.name}, ${values.position}, ${values.outcome})
        RETURNING id, name, position, outcome`,
  );
  return row!;
}

export interface RestatedLead {
  id: number;
  businessName: string;
  status: LeadStatus;
}

/**
 * Gives the leads already holding a new stage's name (set through the leads API before the stage existed) the status
 * the stage's outcome gives: every lead in a won stage becomes converted (each conversion recording its referral's
 * commission, in the database), open leads in a lost stage become lost. A converted lead in a new lost stage keeps
 * its status: voiding a commission is left to a person. Answers the leads changed. Every holder, whoever it is
 * assigned to: the stage's outcome and its leads' status must agree for every lead, and only holders of
 * pipeline.manage (managers and administrators, who see every lead) create stages.
 */
export async function applyOutcomeToHolders(db: Database, stage: StoredStage): Promise<RestatedLead[]> {
  if (stage.outcome === "open") return [];
  const status: LeadStatus = stage.outcome === "won" ? "converted" : "lost";
  const from: LeadStatus[] = stage.outcome === "won" ? ["new", "contacted", "qualified", "lost"] : ["new", "contacted", "qualified"];
  return rawRows<RestatedLead>(
    db,
    sql`UPDATE leads SET status = ${status}, updated_at = now()
        WHERE lw_stage_key(pipeline_stage) = ${keyOf(stage.name)} AND status = ANY(${`{${from.join(",")}}`}::text[])
        RETURNING id, business_name AS "businessName", status`,
  );
}

/**
 * The stored stage with this name in any letter case, locked against deletion until the transaction ends (a key
 * share lock: moves into one stage do not wait for each other, a delete waits for them all).
 */
export async function findStageForUse(db: Database, name: string): Promise<StoredStage | undefined> {
  const [row] = await rawRows<StoredStage>(db, sql`SELECT id, name, position, outcome FROM pipeline_stages WHERE lower(name) = lower(${name}) FOR KEY SHARE`);
  return row;
}

/** A stored stage, locked for changing or deleting: moves into it wait, and those already under way finish first. */
export async function lockStageForChange(db: Database, id: number): Promise<StoredStage | undefined> {
  const [row] = await rawRows<StoredStage>(db, sql`SELECT id, name, position, outcome FROM pipeline_stages WHERE id = ${id} FOR UPDATE`);
  return row;
}

/**
 * The exact number of leads in a stage, from the counters, whoever they are assigned to: a stage that holds any lead
 * cannot be deleted.
 */
export async function stageLeadCount(db: Database, name: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`SELECT coalesce((SELECT n FROM pipeline_stage_counts WHERE stage_key = ${keyOf(name)}), 0) AS n`);
  return row?.n ?? 0;
}

/** The number of leads in a stage that the request's scope sees (a board column's total). */
export async function visibleStageLeadCount(db: Database, name: string): Promise<number> {
  const scope = currentLeadScope();
  if (scope.kind === "all") return stageLeadCount(db, name);
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM leads WHERE lw_stage_key(pipeline_stage) = ${keyOf(name)} AND ${leadInScope(sql`assignee_id`, scope)}`,
  );
  return Number(row?.n ?? 0);
}

export async function updateStageRow(db: Database, id: number, values: { name: string; outcome: StageOutcome }): Promise<StoredStage> {
  const [row] = await rawRows<StoredStage>(
    db,
    sql`UPDATE pipeline_stages SET name = ${values.name}, outcome = ${values.outcome} WHERE id = ${id} RETURNING id, name, position, outcome`,
  );
  return row!;
}

/**
 * Gives the leads in a stage its new name (every one of them, whoever it is assigned to: only holders of
 * pipeline.manage rename stages, and they see every lead). They stay in the same stage, so lw_lead_outcome is told to
 * leave them be for this statement (migration 0059); the timeline's trigger records each lead's new stage name.
 * Answers the leads changed.
 */
export async function renameStageLeads(db: Database, from: string, to: string): Promise<RestatedLead[]> {
  await db.execute(sql`SELECT set_config('leadwell.stage_rename', 'on', true)`);
  const renamed = await rawRows<RestatedLead>(
    db,
    sql`UPDATE leads SET pipeline_stage = ${to}, updated_at = now()
        WHERE lw_stage_key(pipeline_stage) = ${keyOf(from)} AND pipeline_stage IS NOT NULL
        RETURNING id, business_name AS "businessName", status`,
  );
  await db.execute(sql`SELECT set_config('leadwell.stage_rename', '', true)`);
  return renamed;
}

export async function deleteStageRow(db: Database, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM pipeline_stages WHERE id = ${id}`);
}

/** Every stored stage's id, locked for changing positions (moves into the stages do not wait for it). */
export async function lockStageIds(db: Database): Promise<number[]> {
  const rows = await rawRows<{ id: number }>(db, sql`SELECT id FROM pipeline_stages ORDER BY id FOR NO KEY UPDATE`);
  return rows.map((r) => r.id);
}

/** Positions 1, 2, 3… in the order of `ids`, in one statement. */
export async function setStagePositions(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`UPDATE pipeline_stages s SET position = o.position
    FROM unnest(${`{${ids.join(",")}}`}::int[]) WITH ORDINALITY AS o(id, position) WHERE s.id = o.id`);
}

export interface MovedLead {
  id: number;
  businessName: string;
  assignedTo: string | null;
  /** The stored stage it was in (null: the default stage). */
  fromStage: string | null;
  /** Whether the stage changed (moving a lead to the stage it is in changes nothing). */
  moved: boolean;
  /** Its status before the move, and after: the stage's outcome may have changed it (lw_lead_outcome). */
  fromStatus: LeadStatus;
  status: LeadStatus;
}

/**
 * Puts a lead in a stage (null: none, i.e. the default stage); the database sets the status the stage's outcome gives
 * it. Undefined when no lead has this id within the request's scope.
 */
export async function setLeadStage(db: Database, leadId: number, stage: string | null): Promise<MovedLead | undefined> {
  const [row] = await rawRows<MovedLead>(
    db,
    sql`WITH current AS (SELECT id, pipeline_stage, status FROM leads WHERE id = ${leadId} AND ${leadInScope(sql`assignee_id`)} FOR UPDATE)
        UPDATE leads l SET pipeline_stage = ${stage}, updated_at = now()
        FROM current c WHERE l.id = c.id
        RETURNING l.id, l.business_name AS "businessName", l.assigned_to AS "assignedTo", c.pipeline_stage AS "fromStage",
          lw_stage_key(c.pipeline_stage) <> lw_stage_key(${stage}::text) AS moved, c.status AS "fromStatus", l.status`,
  );
  return row;
}

export interface StageLeadPosition {
  key: string;
  id: number;
}

/**
 * One page of a stage's leads within the request's scope, newest first, after `after`; one row more than `limit` says
 * another page follows.
 */
export async function selectStageLeads(db: Database, stageName: string, limit: number, after: StageLeadPosition | null): Promise<(PipelineLead & { sortKey: string })[]> {
  const key = keyOf(stageName);
  const resume = after ? sql`AND (created_at, id) < (${after.key}::timestamptz, ${after.id})` : sql``;
  return rawRows(
    db,
    sql`SELECT id, business_name AS "businessName", business_owner_name AS "businessOwnerName",
          business_owner_last_name AS "businessOwnerLastName", email, status,
          coalesce(pipeline_stage, ${DEFAULT_PIPELINE_STAGE}::text) AS "pipelineStage", assigned_to AS "assignedTo",
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", created_at::text AS "sortKey"
        FROM leads
        WHERE lw_stage_key(pipeline_stage) = ${key} AND ${leadInScope(sql`assignee_id`)} ${resume}
        ORDER BY created_at DESC, id DESC
        LIMIT ${limit + 1}`,
  );
}

export interface PipelineTotals {
  totalLeads: number;
  activeTasks: number;
  pipelineStages: number;
}

/**
 * The cards' totals: leads (from the lead counters for every lead, else counted in the request's scope), tasks still to
 * do, stored stages.
 */
export async function selectTotals(db: Database): Promise<PipelineTotals> {
  const scope = currentLeadScope();
  const totalLeads =
    scope.kind === "all" ? sql`(SELECT coalesce(sum(n), 0)::int FROM lead_counts)` : sql`(SELECT count(*)::int FROM leads WHERE ${leadInScope(sql`assignee_id`, scope)})`;
  const [row] = await rawRows<PipelineTotals>(
    db,
    sql`SELECT ${totalLeads} AS "totalLeads",
          (SELECT count(*)::int FROM tasks WHERE status <> 'completed') AS "activeTasks",
          (SELECT count(*)::int FROM pipeline_stages) AS "pipelineStages"`,
  );
  return row!;
}
