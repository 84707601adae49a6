import { sql, type SQL } from "drizzle-orm";
import { BUSINESS_SIMILARITY, DUPLICATE_MATCHES_MAX, duplicateReasonWeight, OWNER_SIMILARITY, type DuplicateReason } from "@contract/lead-duplicates";
import type { Database } from "../../db/client";
import { freeMail, PER_RULE, samePhoneBranch, type DuplicateProbe } from "../../db/queries/lead-duplicates";
import { rawRow, rawRows } from "../../db/raw-rows";
import { leadInScope } from "../../kernel/lead-scope";

// The form's rules (one probe against the leads) live in the floor, shared with the import's preview.
export { selectDuplicateCandidates, type CandidateRow, type DuplicateProbe } from "../../db/queries/lead-duplicates";

/** A stored lead's compared fields, or null when no lead within the request's scope has this id. */
export async function selectProbeOf(db: Database, id: number): Promise<DuplicateProbe | null> {
  const [row] = await rawRows<{ email: string; phone: string | null; business: string; owner: string }>(
    db,
    sql`SELECT email, phone_number AS phone, business_name AS business, business_owner_name || ' ' || business_owner_last_name AS owner FROM leads WHERE id = ${id} AND ${leadInScope(sql`assignee_id`)}`,
  );
  if (!row) return null;
  return { email: row.email, phone: row.phone ?? undefined, businessName: row.business, ownerName: row.owner, excludeId: id };
}

export interface PairRow {
  leadA: number;
  leadB: number;
  reasons: DuplicateReason[];
  confidence: number;
  computedAt: string;
}

/**
 * A page of the stored pairs, most confident first, walking lead_duplicate_pairs_rank_idx from a keyset position;
 * only pairs whose two leads are both within the request's scope (issue 26.5).
 */
export async function selectPairPage(db: Database, limit: number, after: { confidence: number; leadA: number; leadB: number } | null): Promise<PairRow[]> {
  const position = after
    ? sql`((confidence < ${after.confidence}::real) OR (confidence = ${after.confidence}::real AND (lead_a, lead_b) > (${after.leadA}, ${after.leadB})))`
    : sql`TRUE`;
  const inScope = (id: SQL) => sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${id} AND ${leadInScope(sql`l.assignee_id`)})`;
  const from = sql`WHERE ${position} AND ${inScope(sql`lead_a`)} AND ${inScope(sql`lead_b`)}`;
  const rows = await rawRows<{ lead_a: number; lead_b: number; reasons: DuplicateReason[]; confidence: number; computed_at: string | Date }>(
    db,
    sql`SELECT lead_a, lead_b, reasons, confidence, computed_at FROM lead_duplicate_pairs ${from} ORDER BY confidence DESC, lead_a, lead_b LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    leadA: Number(row.lead_a),
    leadB: Number(row.lead_b),
    reasons: row.reasons,
    confidence: Number(row.confidence),
    computedAt: new Date(row.computed_at).toISOString(),
  }));
}

/** Whether a walk is under way: one started after the last one finished. */
export const walkInProgress = (state: { startedAt: Date | null; finishedAt: Date | null }) =>
  state.startedAt !== null && (state.finishedAt === null || state.finishedAt < state.startedAt);

const dateOf = (value: string | Date | null | undefined) => (value ? new Date(value) : null);

/** When the last walk of every lead finished (null: none yet), and whether one is under way. */
export async function selectScanSummary(db: Database): Promise<{ lastRunAt: string | null; walking: boolean }> {
  const [row] = await rawRows<{ started_at: string | Date | null; finished_at: string | Date | null }>(
    db,
    sql`SELECT started_at, finished_at FROM lead_duplicate_scan WHERE id = 1`,
  );
  const state = { startedAt: dateOf(row?.started_at), finishedAt: dateOf(row?.finished_at) };
  return { lastRunAt: state.finishedAt?.toISOString() ?? null, walking: walkInProgress(state) };
}

/* The pairs job's walk (lead-duplicates.jobs.ts): its state, its name lists and one chunk of leads at a time. */

export type NameKind = "b" | "o";

export interface ScanState {
  /** 'names': similar names are being searched (after nameKind, nameCursor); 'leads': the leads are walked (after cursorId). */
  phase: "names" | "leads";
  nameKind: NameKind;
  nameCursor: string;
  cursorId: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** The walk's state, locked until the transaction ends: two runners never process the same batch. */
export async function lockScanState(db: Database): Promise<ScanState> {
  const [row] = await rawRows<{
    phase: "names" | "leads";
    name_kind: string;
    name_cursor: string;
    cursor_id: number;
    started_at: string | Date | null;
    finished_at: string | Date | null;
  }>(db, sql`SELECT phase, name_kind, name_cursor, cursor_id, started_at, finished_at FROM lead_duplicate_scan WHERE id = 1 FOR UPDATE`);
  return {
    phase: row?.phase ?? "leads",
    nameKind: row?.name_kind === "o" ? "o" : "b",
    nameCursor: row?.name_cursor ?? "",
    cursorId: Number(row?.cursor_id ?? 0),
    startedAt: dateOf(row?.started_at),
    finishedAt: dateOf(row?.finished_at),
  };
}

export async function updateScanState(
  db: Database,
  patch: { phase?: "names" | "leads"; nameKind?: NameKind; nameCursor?: string; cursorId?: number; started?: boolean; finished?: boolean },
): Promise<void> {
  const sets: SQL[] = [];
  if (patch.phase !== undefined) sets.push(sql`phase = ${patch.phase}`);
  if (patch.nameKind !== undefined) sets.push(sql`name_kind = ${patch.nameKind}`);
  if (patch.nameCursor !== undefined) sets.push(sql`name_cursor = ${patch.nameCursor}`);
  if (patch.cursorId !== undefined) sets.push(sql`cursor_id = ${patch.cursorId}`);
  if (patch.started) sets.push(sql`started_at = clock_timestamp()`);
  if (patch.finished) sets.push(sql`finished_at = clock_timestamp()`);
  if (sets.length > 0) await db.execute(sql`UPDATE lead_duplicate_scan SET ${sql.join(sets, sql`, `)} WHERE id = 1`);
}

/**
 * A walk's first step: lists every distinct folded business name, and every owner name per company email domain, with
 * their leads' ids (lead_duplicate_names, 0046), as the leads are now; and the distinct names each kind will search
 * (lead_duplicate_search_names, 0048). The similar names of the walk before are dropped: searchSimilarNames fills them
 * again, a batch at a time.
 */
export async function rebuildDuplicateNames(db: Database): Promise<{ names: number }> {
  await db.execute(sql`DELETE FROM lead_duplicate_similar_names`);
  await db.execute(sql`DELETE FROM lead_duplicate_search_names`);
  await db.execute(sql`DELETE FROM lead_duplicate_names`);
  await db.execute(sql`INSERT INTO lead_duplicate_names (kind, domain, name, lead_ids)
    SELECT 'b', '', lw_fold(business_name), array_agg(id ORDER BY id) FROM leads GROUP BY 3`);
  await db.execute(sql`INSERT INTO lead_duplicate_names (kind, domain, name, lead_ids)
    SELECT 'o', lw_email_domain(email), lw_fold(business_owner_name || ' ' || business_owner_last_name), array_agg(id ORDER BY id)
    FROM leads WHERE lw_email_domain(email) IS NOT NULL AND lw_email_domain(email) NOT IN (${freeMail}) GROUP BY 2, 3`);
  await db.execute(sql`INSERT INTO lead_duplicate_search_names (kind, name) SELECT DISTINCT kind, name FROM lead_duplicate_names`);
  await db.execute(sql`ANALYZE lead_duplicate_names`);
  await db.execute(sql`ANALYZE lead_duplicate_search_names`);
  const [row] = await rawRows<{ names: number }>(db, sql`SELECT count(*)::int AS names FROM lead_duplicate_search_names`);
  return { names: Number(row?.names ?? 0) };
}

/**
 * One batch of the similar-name step: the next `size` distinct names of `kind` after `after` (in name order), each
 * with every name of its kind similar to it (itself included) and their similarity, found through the kind's trigram
 * index with the rule's own threshold (raised for this transaction, so the index returns only names that pass; the
 * similarity test is repeated, as the form's check makes it). `last` is the batch's last name, null when none was
 * left after `after`.
 */
export async function searchSimilarNames(db: Database, kind: NameKind, after: string, size: number): Promise<{ last: string | null; names: number; similar: number }> {
  const threshold = kind === "b" ? BUSINESS_SIMILARITY : OWNER_SIMILARITY;
  await db.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`);
  const row = await rawRow<{ last: string | null; names: number; similar: number }>(
    db,
    sql`WITH batch AS MATERIALIZED (
          SELECT name FROM lead_duplicate_search_names WHERE kind = ${kind} AND name > ${after} ORDER BY name LIMIT ${size}
        ),
        stored AS (
          INSERT INTO lead_duplicate_similar_names (kind, name, other, score)
          SELECT ${kind}, b.name, s.name, similarity(s.name, b.name)
          FROM batch b
          CROSS JOIN LATERAL (
            SELECT d.name FROM lead_duplicate_search_names d
            WHERE d.kind = ${kind} AND d.name % b.name AND similarity(d.name, b.name) >= ${threshold}::real
          ) s
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        SELECT (SELECT max(name) FROM batch) AS last, (SELECT count(*) FROM batch)::int AS names, (SELECT count(*) FROM stored)::int AS similar`,
  );
  return { last: row.last, names: Number(row.names), similar: Number(row.similar) };
}

export interface ChunkOutcome {
  /** The last lead id of the chunk, or null when no lead is left after the cursor. */
  lastId: number | null;
  leads: number;
  pairs: number;
  removed: number;
}

/** A pair's confidence in SQL, as confidenceOf: its reasons' weights summed, capped at 1, to two places. */
const weightOf = (reason: SQL) =>
  sql`CASE ${reason} ${sql.join(
    Object.entries(duplicateReasonWeight).map(([name, weight]) => sql`WHEN ${name} THEN ${weight}::numeric`),
    sql` `,
  )} ELSE 0 END`;

/**
 * One chunk of the walk: the next `size` leads after `afterId`, each paired with its likely duplicates among the leads
 * with a higher id (so each pair is found once, from its lower id), by the form's rules: same_phone through the shared
 * branch (leads_phone_key_idx); similar_business and same_domain_similar_owner through the walk's name lists, with the
 * same similarity and thresholds, up to PER_RULE partners per rule (most similar business names first, then by id);
 * same_email cannot pair two stored leads (leads_email_lower_idx is unique). Each lead keeps its
 * DUPLICATE_MATCHES_MAX most confident pairs, as the form shows. The chunk's stored pairs are replaced: pairs found
 * again are updated, new ones added, and those no longer found (a lead changed, or gone) removed.
 */
export async function scanDuplicateChunk(db: Database, afterId: number, size: number): Promise<ChunkOutcome> {
  const row = await rawRow<{ last_id: number | null; leads: number; pairs: number; removed: number }>(
    db,
    sql`WITH chunk AS MATERIALIZED (
          SELECT id, lw_fold(business_name) AS business, lw_phone_key(phone_number) AS phone_key, lw_email_domain(email) AS domain,
                 lw_fold(business_owner_name || ' ' || business_owner_last_name) AS owner
          FROM leads WHERE id > ${afterId} ORDER BY id LIMIT ${size}
        ),
        bounds AS (SELECT max(id) AS last_id, count(*)::int AS leads FROM chunk),
        found AS (
          SELECT c.id AS a, p.id AS b, p.reason
          FROM chunk c CROSS JOIN LATERAL ${samePhoneBranch(sql`c.phone_key`, sql`id > c.id`)} AS p
          WHERE c.phone_key IS NOT NULL
          UNION ALL
          SELECT a, b, 'similar_business' FROM (
            SELECT c.id AS a, x.b, row_number() OVER (PARTITION BY c.id ORDER BY s.score DESC, x.b) AS rank
            FROM chunk c
            JOIN lead_duplicate_similar_names s ON s.kind = 'b' AND s.name = c.business
            JOIN lead_duplicate_names n ON n.kind = 'b' AND n.domain = '' AND n.name = s.other
            CROSS JOIN LATERAL unnest(n.lead_ids) AS x(b)
            WHERE x.b > c.id
          ) ranked WHERE rank <= ${PER_RULE}
          UNION ALL
          SELECT a, b, 'same_domain_similar_owner' FROM (
            SELECT c.id AS a, x.b, row_number() OVER (PARTITION BY c.id ORDER BY x.b) AS rank
            FROM chunk c
            JOIN lead_duplicate_similar_names s ON s.kind = 'o' AND s.name = c.owner
            JOIN lead_duplicate_names n ON n.kind = 'o' AND n.domain = c.domain AND n.name = s.other
            CROSS JOIN LATERAL unnest(n.lead_ids) AS x(b)
            WHERE x.b > c.id AND c.domain NOT IN (${freeMail})
          ) ranked WHERE rank <= ${PER_RULE}
        ),
        pairs AS (
          SELECT a, b, array_agg(reason ORDER BY reason) AS reasons, round(least(1, sum(${weightOf(sql`reason`)})), 2)::real AS confidence
          FROM (SELECT DISTINCT a, b, reason FROM found) f
          WHERE EXISTS (SELECT 1 FROM leads l WHERE l.id = f.b)
          GROUP BY a, b
        ),
        kept AS (
          SELECT a, b, reasons, confidence FROM (
            SELECT *, row_number() OVER (PARTITION BY a ORDER BY confidence DESC, b) AS rank FROM pairs
          ) ranked WHERE rank <= ${DUPLICATE_MATCHES_MAX}
        ),
        removed AS (
          DELETE FROM lead_duplicate_pairs p
          WHERE p.lead_a > ${afterId} AND p.lead_a <= (SELECT last_id FROM bounds)
            AND NOT EXISTS (SELECT 1 FROM kept k WHERE k.a = p.lead_a AND k.b = p.lead_b)
          RETURNING 1
        ),
        stored AS (
          INSERT INTO lead_duplicate_pairs AS p (lead_a, lead_b, reasons, confidence, computed_at)
          SELECT a, b, reasons, confidence, now() FROM kept ORDER BY a, b
          ON CONFLICT (lead_a, lead_b) DO UPDATE SET reasons = excluded.reasons, confidence = excluded.confidence, computed_at = excluded.computed_at
          RETURNING 1
        )
        SELECT (SELECT last_id FROM bounds) AS last_id, (SELECT leads FROM bounds) AS leads,
               (SELECT count(*) FROM stored)::int AS pairs, (SELECT count(*) FROM removed)::int AS removed`,
  );
  return { lastId: row.last_id === null ? null : Number(row.last_id), leads: Number(row.leads), pairs: Number(row.pairs), removed: Number(row.removed) };
}

/** Pairs whose lower lead lies beyond the last lead of a finished walk (none exist unless leads vanished meanwhile). */
export async function deletePairsAfter(db: Database, lastId: number): Promise<number> {
  const rows = await rawRows<{ one: number }>(db, sql`DELETE FROM lead_duplicate_pairs WHERE lead_a > ${lastId} RETURNING 1 AS one`);
  return rows.length;
}
