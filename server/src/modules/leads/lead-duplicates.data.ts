import { sql, type SQL } from "drizzle-orm";
import {
  BUSINESS_SIMILARITY,
  DUPLICATE_MATCHES_MAX,
  duplicateReasonWeight,
  FREE_MAIL_DOMAINS,
  OWNER_SIMILARITY,
  type DuplicateReason,
} from "@contract/lead-duplicates";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { leadInScope } from "../../kernel/lead-scope";

/** What a lead (stored or typed into a form) is compared on. */
export interface DuplicateProbe {
  email?: string | undefined;
  phone?: string | undefined;
  businessName?: string | undefined;
  ownerName?: string | undefined;
  excludeId?: number | undefined;
}

export interface CandidateRow {
  id: number;
  reasons: DuplicateReason[];
}

/** How many leads each rule may return before the reasons are combined (each rule is one index lookup). */
const PER_RULE = 20;
const freeMail = sql.join(FREE_MAIL_DOMAINS.map((domain) => sql`${domain}`), sql`, `);

/**
 * The same_phone rule: up to PER_RULE leads (id, reason) whose phone key is `key` and that meet `partner` (a condition
 * on the candidate's id), in id order, through leads_phone_key_idx. Shared by the form's check (one probe) and the
 * pairs job (inside a lateral join over a chunk of leads).
 */
export function samePhoneBranch(key: SQL, partner: SQL): SQL {
  return sql`(SELECT id, 'same_phone' AS reason FROM leads WHERE lw_phone_key(phone_number) = ${key} AND ${partner} ORDER BY id LIMIT ${PER_RULE})`;
}

/**
 * The stored leads matching a probe by any rule, each with every rule it matched. Each branch walks one index:
 * leads_email_lower_idx, leads_phone_key_idx, leads_email_domain_idx and leads_business_name_trgm_idx (0044).
 */
export async function selectDuplicateCandidates(db: Database, probe: DuplicateProbe): Promise<CandidateRow[]> {
  // Only leads the request may see are candidates (issue 26.5): the condition is in every branch's WHERE.
  const excluded = sql`id <> ${probe.excludeId ?? 0} AND ${leadInScope(sql`assignee_id`)}`;
  const branches: SQL[] = [];
  const email = probe.email?.trim().toLowerCase();
  if (email) {
    branches.push(sql`(SELECT id, 'same_email' AS reason FROM leads WHERE lower(email) = ${email} AND ${excluded} LIMIT ${PER_RULE})`);
    const domain = email.split("@")[1];
    const owner = probe.ownerName?.trim();
    if (domain && owner && !(FREE_MAIL_DOMAINS as readonly string[]).includes(domain)) {
      branches.push(sql`(SELECT id, 'same_domain_similar_owner' AS reason FROM leads
        WHERE lw_email_domain(email) = ${domain} AND ${excluded} AND lw_email_domain(email) NOT IN (${freeMail})
          AND similarity(lw_fold(business_owner_name || ' ' || business_owner_last_name), lw_fold(${owner})) >= ${OWNER_SIMILARITY}
        ORDER BY id LIMIT ${PER_RULE})`);
    }
  }
  if (probe.phone) branches.push(samePhoneBranch(sql`lw_phone_key(${probe.phone})`, excluded));
  const business = probe.businessName?.trim();
  if (business) {
    branches.push(sql`(SELECT id, 'similar_business' AS reason FROM leads
      WHERE lw_fold(business_name) % lw_fold(${business}) AND similarity(lw_fold(business_name), lw_fold(${business})) >= ${BUSINESS_SIMILARITY}
        AND ${excluded}
      ORDER BY similarity(lw_fold(business_name), lw_fold(${business})) DESC, id LIMIT ${PER_RULE})`);
  }
  if (branches.length === 0) return [];
  const rows = await rawRows<{ id: number; reasons: DuplicateReason[] }>(
    db,
    sql`SELECT id, array_agg(DISTINCT reason) AS reasons FROM (${sql.join(branches, sql` UNION ALL `)}) AS found GROUP BY id`,
  );
  return rows.map((row) => ({ id: Number(row.id), reasons: row.reasons }));
}

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

/** When the pairs job last finished a walk of every lead, or null. */
export async function selectLastScan(db: Database): Promise<string | null> {
  const [row] = await rawRows<{ finished_at: string | Date | null }>(db, sql`SELECT finished_at FROM lead_duplicate_scan WHERE id = 1`);
  return row?.finished_at ? new Date(row.finished_at).toISOString() : null;
}

/* The pairs job's walk (lead-duplicates.jobs.ts): its state, its name lists and one chunk of leads at a time. */

export interface ScanState {
  cursorId: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** The walk's state, locked until the transaction ends: two runners never process the same chunk. */
export async function lockScanState(db: Database): Promise<ScanState> {
  const [row] = await rawRows<{ cursor_id: number; started_at: string | Date | null; finished_at: string | Date | null }>(
    db,
    sql`SELECT cursor_id, started_at, finished_at FROM lead_duplicate_scan WHERE id = 1 FOR UPDATE`,
  );
  const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return { cursorId: Number(row?.cursor_id ?? 0), startedAt: date(row?.started_at), finishedAt: date(row?.finished_at) };
}

export async function updateScanState(db: Database, patch: { cursorId: number; started?: boolean; finished?: boolean }): Promise<void> {
  await db.execute(sql`UPDATE lead_duplicate_scan SET cursor_id = ${patch.cursorId}
    ${patch.started ? sql`, started_at = clock_timestamp()` : sql``} ${patch.finished ? sql`, finished_at = clock_timestamp()` : sql``}
    WHERE id = 1`);
}

/**
 * Lists every distinct folded business name, and every owner name per company email domain, with their leads' ids
 * (lead_duplicate_names, 0046), as the leads are now; then each listed name's similar names (itself included) with
 * their similarity, each found through the list's trigram index (lead_duplicate_similar_names). The walk that follows
 * reads both by key. The trigram search's threshold is raised to the rules' lowest for this transaction only, so the
 * index returns fewer candidates; the similarity tests are the rules' own.
 */
export async function rebuildDuplicateNames(db: Database): Promise<{ names: number; similar: number }> {
  await db.execute(sql`DELETE FROM lead_duplicate_similar_names`);
  await db.execute(sql`DELETE FROM lead_duplicate_names`);
  await db.execute(sql`INSERT INTO lead_duplicate_names (kind, domain, name, lead_ids)
    SELECT 'b', '', lw_fold(business_name), array_agg(id ORDER BY id) FROM leads GROUP BY 3`);
  await db.execute(sql`INSERT INTO lead_duplicate_names (kind, domain, name, lead_ids)
    SELECT 'o', lw_email_domain(email), lw_fold(business_owner_name || ' ' || business_owner_last_name), array_agg(id ORDER BY id)
    FROM leads WHERE lw_email_domain(email) IS NOT NULL AND lw_email_domain(email) NOT IN (${freeMail}) GROUP BY 2, 3`);
  await db.execute(sql`ANALYZE lead_duplicate_names`);
  await db.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(Math.min(BUSINESS_SIMILARITY, OWNER_SIMILARITY))}, true)`);
  // One trigram search per distinct name of a kind (an owner's name recurs in every domain), kept to the same domain after.
  await db.execute(sql`INSERT INTO lead_duplicate_similar_names (kind, domain, name, other, score)
    WITH distinct_names AS (SELECT DISTINCT kind, name FROM lead_duplicate_names),
    close_names AS (
      SELECT n.kind, n.name, s.name AS other, similarity(s.name, n.name) AS score
      FROM distinct_names n
      CROSS JOIN LATERAL (
        SELECT DISTINCT d.name FROM lead_duplicate_names d
        WHERE d.name % n.name AND d.kind = n.kind
          AND similarity(d.name, n.name) >= CASE n.kind WHEN 'b' THEN ${BUSINESS_SIMILARITY}::real ELSE ${OWNER_SIMILARITY}::real END
      ) s
    )
    SELECT a.kind, a.domain, a.name, s.other, s.score
    FROM lead_duplicate_names a
    JOIN close_names s ON s.kind = a.kind AND s.name = a.name
    JOIN lead_duplicate_names b ON b.kind = a.kind AND b.domain = a.domain AND b.name = s.other`);
  const [row] = await rawRows<{ names: number; similar: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM lead_duplicate_names)::int AS names, (SELECT count(*) FROM lead_duplicate_similar_names)::int AS similar`,
  );
  return { names: Number(row?.names ?? 0), similar: Number(row?.similar ?? 0) };
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
            JOIN lead_duplicate_similar_names s ON s.kind = 'b' AND s.domain = '' AND s.name = c.business
            JOIN lead_duplicate_names n ON n.kind = 'b' AND n.domain = '' AND n.name = s.other
            CROSS JOIN LATERAL unnest(n.lead_ids) AS x(b)
            WHERE x.b > c.id
          ) ranked WHERE rank <= ${PER_RULE}
          UNION ALL
          SELECT a, b, 'same_domain_similar_owner' FROM (
            SELECT c.id AS a, x.b, row_number() OVER (PARTITION BY c.id ORDER BY x.b) AS rank
            FROM chunk c
            JOIN lead_duplicate_similar_names s ON s.kind = 'o' AND s.domain = c.domain AND s.name = c.owner
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
