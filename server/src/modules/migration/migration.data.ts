import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { LeadInput } from "@contract/leads";
import type { Migration, MigrationStatus } from "@contract/migration";
import type { Database } from "../../db/client";
import { normaliseAffiliateCode } from "../../db/queries/affiliate-code";
import type { AssigneeTurns } from "../../db/queries/lead-assignment";
import { samePhoneBranch } from "../../db/queries/lead-duplicates";
import { rawRows } from "../../db/raw-rows";
import { leads, migrationChunks, migrationLogs } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";
import type { RowError } from "./migration.rows";

type MigrationRow = typeof migrationLogs.$inferSelect;

/** The API's migration; `uploadExpiryMs` says when an upload awaiting its mapping is discarded. */
export function toMigration(row: MigrationRow, uploadExpiryMs: number): Migration {
  return {
    id: row.id,
    migrationType: row.migrationType,
    sourceFile: row.sourceFile,
    status: row.status as MigrationStatus,
    duplicates: row.duplicates as Migration["duplicates"],
    columns: row.columns,
    mapping: row.mapping as Migration["mapping"],
    recordsTotal: row.recordsTotal,
    recordsProcessed: row.recordsProcessed,
    recordsSuccessful: row.recordsSuccessful,
    recordsUpdated: row.recordsUpdated,
    recordsSkipped: row.recordsSkipped,
    recordsWithErrors: row.recordsWithErrors,
    imported: row.recordsSuccessful,
    errors: row.recordsWithErrors,
    likelyDuplicates: row.recordsLikelyDuplicates,
    failureReason: row.errorDetails,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.status === "awaiting_mapping" ? new Date((row.heartbeatAt ?? row.createdAt).getTime() + uploadExpiryMs).toISOString() : null,
  };
}

/** Serialises the count of active imports and the change that adds one, across instances, until the transaction ends. */
const ACTIVE_IMPORTS_LOCK = 727_010;

/**
 * The number of imports uploading (an instance said so within `uploadAliveSeconds`) or in progress, other than
 * `exceptId`, counted under a transaction-long advisory lock: another instance adding one waits for this transaction,
 * so two cannot both see room for one more.
 */
export async function lockAndCountActive(db: Database, uploadAliveSeconds: number, exceptId: number | null = null): Promise<number> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ACTIVE_IMPORTS_LOCK})`);
  const [row] = await rawRows<{ active: number }>(
    db,
    sql`SELECT count(*)::int AS active FROM migration_logs
        WHERE (status = 'in_progress' OR (status = 'uploading' AND heartbeat_at > now() - make_interval(secs => ${uploadAliveSeconds})))
          AND id <> ${exceptId ?? 0}`,
  );
  return row?.active ?? 0;
}

export async function insertMigration(db: Database, values: { sourceFile: string; createdBy: string; createdById: number | null }): Promise<number> {
  const [row] = await db
    .insert(migrationLogs)
    .values({ ...values, status: "uploading", heartbeatAt: sql`now()`, columns: [], mapping: [] })
    .returning({ id: migrationLogs.id });
  return row!.id;
}

export async function insertChunk(db: Database, values: { migrationId: number; chunkNo: number; firstRow: number; records: string[][] }): Promise<void> {
  await db.insert(migrationChunks).values(values);
}

/** The instance receiving an upload says it still is. */
export async function touchUpload(db: Database, id: number): Promise<void> {
  await db
    .update(migrationLogs)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(migrationLogs.id, id), eq(migrationLogs.status, "uploading")));
}

/** An upload received whole: it awaits its mapping from now on. False when it is no longer uploading (it expired). */
export async function finishUpload(
  db: Database,
  id: number,
  values: { columns: string[]; mapping: (string | null)[]; recordsTotal: number },
): Promise<boolean> {
  const changed = await db
    .update(migrationLogs)
    .set({ ...values, status: "awaiting_mapping", heartbeatAt: sql`now()` })
    .where(and(eq(migrationLogs.id, id), eq(migrationLogs.status, "uploading")))
    .returning({ id: migrationLogs.id });
  return changed.length > 0;
}

export async function deleteMigration(db: Database, id: number): Promise<void> {
  await db.delete(migrationLogs).where(eq(migrationLogs.id, id));
}

export async function findMigration(db: Database, id: number): Promise<MigrationRow | undefined> {
  const [row] = await db.select().from(migrationLogs).where(eq(migrationLogs.id, id));
  return row;
}

/** The migration row locked for this transaction: one batch at a time, whichever instance runs it. */
export async function lockMigration(db: Database, id: number): Promise<MigrationRow | undefined> {
  const [row] = await db.select().from(migrationLogs).where(eq(migrationLogs.id, id)).for("update");
  return row;
}

/** What a watch over a migration reads, its row locked: its status, the run holding it, and its heartbeat's age. */
export async function watchedMigration(db: Database, id: number): Promise<{ status: MigrationStatus; runnerId: string | null; heartbeatAgeMs: number } | undefined> {
  const [row] = await rawRows<{ status: MigrationStatus; runnerId: string | null; heartbeatAgeMs: number }>(
    db,
    sql`SELECT status, runner_id AS "runnerId",
               (extract(epoch FROM now() - coalesce(heartbeat_at, created_at)) * 1000)::float8 AS "heartbeatAgeMs"
        FROM migration_logs WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

/** Migrations not finished: uploading, awaiting their mapping, or in progress. */
export async function unfinishedMigrationIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: migrationLogs.id })
    .from(migrationLogs)
    .where(inArray(migrationLogs.status, ["uploading", "awaiting_mapping", "in_progress"]));
  return rows.map((row) => row.id);
}

/** Discards an upload that was cut off or not started in time: expired, its staged rows deleted. */
export async function expireUpload(db: Database, id: number): Promise<boolean> {
  const changed = await db
    .update(migrationLogs)
    .set({ status: "expired", completedAt: sql`now()`, runnerId: null })
    .where(and(eq(migrationLogs.id, id), inArray(migrationLogs.status, ["uploading", "awaiting_mapping"])))
    .returning({ id: migrationLogs.id });
  if (changed.length === 0) return false;
  await deleteChunks(db, id);
  return true;
}

/**
 * Gives an import's lease to `runner` (one run of the import job): when nobody holds it, when `runner` already does,
 * or when its holder has not renewed it for `leaseSeconds` (that run stopped). Answers the migration, or undefined
 * when it is not in progress or a live run holds it.
 */
export async function claimImport(db: Database, id: number, runner: string, leaseSeconds: number): Promise<MigrationRow | undefined> {
  const [row] = await db
    .update(migrationLogs)
    .set({ runnerId: runner, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(migrationLogs.id, id),
        eq(migrationLogs.status, "in_progress"),
        or(isNull(migrationLogs.runnerId), eq(migrationLogs.runnerId, runner), lt(migrationLogs.heartbeatAt, sql`now() - make_interval(secs => ${leaseSeconds})`)),
      ),
    )
    .returning();
  return row;
}

/** The run holding the lease says it is alive; false when it no longer holds it. */
export async function renewLease(db: Database, id: number, runner: string): Promise<boolean> {
  const changed = await db
    .update(migrationLogs)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(migrationLogs.id, id), eq(migrationLogs.runnerId, runner)))
    .returning({ id: migrationLogs.id });
  return changed.length > 0;
}

/** The run lets the lease go (the next run takes it at once); false when it no longer held it. */
export async function releaseLease(db: Database, id: number, runner: string): Promise<boolean> {
  const changed = await db
    .update(migrationLogs)
    .set({ runnerId: null, heartbeatAt: sql`now()` })
    .where(and(eq(migrationLogs.id, id), eq(migrationLogs.runnerId, runner)))
    .returning({ id: migrationLogs.id });
  return changed.length > 0;
}

export async function latestMigrations(db: Database, limit: number): Promise<MigrationRow[]> {
  return db.select().from(migrationLogs).orderBy(desc(migrationLogs.createdAt), desc(migrationLogs.id)).limit(limit);
}

/** Starts an upload that still waits for its mapping; false when it already started (or does not exist). */
export async function markStarted(db: Database, id: number, values: { mapping: (string | null)[]; duplicates: string }): Promise<boolean> {
  const changed = await db
    .update(migrationLogs)
    .set({ ...values, status: "in_progress", runnerId: null, heartbeatAt: sql`now()` })
    .where(and(eq(migrationLogs.id, id), eq(migrationLogs.status, "awaiting_mapping")))
    .returning({ id: migrationLogs.id });
  return changed.length > 0;
}

/** The first chunk after the last committed one. */
export async function nextChunk(db: Database, migrationId: number, afterChunk: number) {
  const [row] = await db
    .select()
    .from(migrationChunks)
    .where(and(eq(migrationChunks.migrationId, migrationId), gt(migrationChunks.chunkNo, afterChunk)))
    .orderBy(migrationChunks.chunkNo)
    .limit(1);
  return row;
}

export async function deleteChunks(db: Database, migrationId: number): Promise<void> {
  await db.delete(migrationChunks).where(eq(migrationChunks.migrationId, migrationId));
}

export async function recordBatch(
  db: Database,
  id: number,
  batch: { chunkNo: number; processed: number; successful: number; updated: number; skipped: number; withErrors: number; likelyDuplicates: number },
): Promise<void> {
  await db
    .update(migrationLogs)
    .set({
      lastChunk: batch.chunkNo,
      heartbeatAt: sql`now()`,
      recordsProcessed: sql`${migrationLogs.recordsProcessed} + ${batch.processed}`,
      recordsSuccessful: sql`${migrationLogs.recordsSuccessful} + ${batch.successful}`,
      recordsUpdated: sql`${migrationLogs.recordsUpdated} + ${batch.updated}`,
      recordsSkipped: sql`${migrationLogs.recordsSkipped} + ${batch.skipped}`,
      recordsWithErrors: sql`${migrationLogs.recordsWithErrors} + ${batch.withErrors}`,
      recordsLikelyDuplicates: sql`${migrationLogs.recordsLikelyDuplicates} + ${batch.likelyDuplicates}`,
    })
    .where(eq(migrationLogs.id, id));
}

export async function markFinished(db: Database, id: number, status: "completed" | "failed", reason: string | null): Promise<MigrationRow | undefined> {
  const [row] = await db
    .update(migrationLogs)
    .set({ status, errorDetails: reason, completedAt: sql`now()`, runnerId: null })
    .where(and(eq(migrationLogs.id, id), eq(migrationLogs.status, "in_progress")))
    .returning();
  return row;
}

// Lead rows travel as one JSON parameter per batch, unpacked by jsonb_to_recordset: a batch costs one statement
// whatever its size, within the bind-parameter limit, with the same SQL on PGlite and PostgreSQL.

const leadColumns = getTableColumns(leads);
type LeadField = keyof LeadInput;

/** `"col" type` for jsonb_to_recordset, the columns of a lead row keyed by its API field name. */
const recordsetColumns = (fields: readonly LeadField[]) =>
  fields.map((field) => `"${field}" ${leadColumns[field].getSQLType()}`).join(", ");

/**
 * Inserts the leads whose email is new; a duplicate (the table's unique lower(email) index) is left as it is.
 * Answers the id of each lead written, and of each existing lead a duplicate matched, by lower(email). The matches
 * are read in one statement for the batch, and only when the insert left rows out: a batch of new leads (a large
 * import's usual batch) costs what it did. (Returning them from the insert itself, as a CTE joined back to leads,
 * cost that batch 20 to 80% more on a million leads.) Read after the insert in the same transaction, so a lead another
 * import committed meanwhile is found too.
 */
export async function insertNewLeads(
  db: Database,
  fields: readonly LeadField[],
  rows: readonly Partial<LeadInput>[],
  turns?: AssigneeTurns,
): Promise<{ inserted: Map<string, number>; existing: Map<string, number> }> {
  if (rows.length === 0) return { inserted: new Map(), existing: new Map() };
  const written = await rawRows<{ id: number; email_key: string }>(
    db,
    turns && turns.userIds.length > 0 ? insertWithTurns(fields, rows, turns) : sql`INSERT INTO leads (${sql.raw(fields.map((field) => `"${leadColumns[field].name}"`).join(", "))})
        SELECT ${sql.raw(fields.map((field) => `r."${field}"`).join(", "))}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(recordsetColumns(fields))})
        ON CONFLICT DO NOTHING
        RETURNING id, lower(email) AS email_key`,
  );
  const inserted = new Map(written.map((row) => [row.email_key, row.id]));
  if (inserted.size === rows.length) return { inserted, existing: new Map() };
  const left = rows.map((row) => row.email ?? "").filter((email) => email !== "" && !inserted.has(email.toLowerCase()));
  const matched = await rawRows<{ id: number; email_key: string }>(
    db,
    sql`SELECT id, lower(email) AS email_key FROM leads WHERE lower(email) IN (SELECT lower(e) FROM jsonb_array_elements_text(${JSON.stringify(left)}::jsonb) AS e)`,
  );
  return { inserted, existing: new Map(matched.map((row) => [row.email_key, row.id])) };
}

/**
 * The insert of insertNewLeads when the import's assignment rule hands leads out: the rows that name no assignee (no
 * assigneeId, no assignedTo) take the rule's turns in file order, the k-th of them (from 0)
 * `userIds[(firstTurn + k) % n]`, counted in the statement itself; the others keep what they name.
 */
function insertWithTurns(fields: readonly LeadField[], rows: readonly Partial<LeadInput>[], turns: AssigneeTurns) {
  const given = fields.filter((field) => field !== "assigneeId");
  const named = [fields.includes("assigneeId") ? `r."assigneeId" IS NULL` : "TRUE", fields.includes("assignedTo") ? `r."assignedTo" IS NULL` : "TRUE"].join(" AND ");
  const recordset = recordsetColumns(fields);
  const names = fields.map((field) => `"${field}"`).join(", ");
  return sql`INSERT INTO leads (${sql.raw([...given.map((field) => `"${leadColumns[field].name}"`), "assignee_id"].join(", "))})
      SELECT ${sql.raw(given.map((field) => `r."${field}"`).join(", "))},
             CASE WHEN r.unassigned
                  THEN (${`{${turns.userIds.join(",")}}`}::int[])[((${turns.firstTurn}::bigint + r.turn - 1) % ${turns.userIds.length}::int) + 1]
                  ELSE ${sql.raw(fields.includes("assigneeId") ? `r."assigneeId"` : "NULL::integer")} END
      FROM (
        SELECT r.*, ${sql.raw(named)} AS unassigned,
               count(*) FILTER (WHERE ${sql.raw(named)}) OVER (ORDER BY r.ord) AS turn
        FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (${sql.raw(recordset)})) WITH ORDINALITY AS r(${sql.raw(names)}, ord)
      ) r
      ORDER BY r.ord
      ON CONFLICT DO NOTHING
      RETURNING id, lower(email) AS email_key`;
}

/** How many of `rows` name no assignee (neither assigneeId nor assignedTo): the new leads an assignment rule may take. */
export const unassignedCount = (rows: readonly Partial<LeadInput>[]) => rows.filter((row) => row.assigneeId == null && row.assignedTo == null).length;

/**
 * Updates existing leads (matched by lower(email)) with the fields each row gave; a field a row left blank keeps
 * its value. Answers the id of each lead updated, by lower(email).
 */
export async function updateExistingLeads(db: Database, fields: readonly LeadField[], rows: readonly Partial<LeadInput>[]): Promise<Map<string, number>> {
  const settable = fields.filter((field) => field !== "email");
  if (rows.length === 0) return new Map();
  const assignments = [
    ...settable.map((field) => `"${leadColumns[field].name}" = COALESCE(r."${field}", l."${leadColumns[field].name}")`),
    "updated_at = now()",
  ].join(", ");
  const written = await rawRows<{ id: number; email_key: string }>(
    db,
    sql`UPDATE leads AS l SET ${sql.raw(assignments)}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(recordsetColumns(["email", ...settable]))})
        WHERE lower(l.email) = lower(r.email)
        RETURNING l.id, lower(l.email) AS email_key`,
  );
  return new Map(written.map((row) => [row.email_key, row.id]));
}

/** Sets each lead's KPI year-to-date revenue, creating its KPI record when it has none. */
export async function upsertYtdRevenue(db: Database, rows: readonly { leadId: number; ytdRevenue: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO kpi_metrics (lead_id, ytd_revenue)
    SELECT r."leadId", r."ytdRevenue" FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("leadId" integer, "ytdRevenue" numeric)
    ON CONFLICT (lead_id) DO UPDATE SET ytd_revenue = excluded.ytd_revenue, updated_at = now()`);
}

/**
 * Credits each lead to the active affiliate whose code it carries, as the lead API does (codes compared the same
 * way; a lead is referred once). Answers the referrals recorded.
 */
export async function creditReferrals(db: Database, rows: readonly { leadId: number; code: string }[]) {
  if (rows.length === 0) return [];
  const normalised = rows.map((row) => ({ leadId: row.leadId, code: normaliseAffiliateCode(row.code) }));
  return rawRows<{ referralId: number; affiliateId: number; leadId: number }>(
    db,
    sql`INSERT INTO affiliate_referrals (affiliate_id, lead_id, source)
        SELECT a.id, r."leadId", 'code' FROM jsonb_to_recordset(${JSON.stringify(normalised)}::jsonb) AS r("leadId" integer, code text)
        JOIN affiliates a ON upper(a.unique_code) = r.code AND a.status = 'active'
        ON CONFLICT DO NOTHING
        RETURNING id AS "referralId", affiliate_id AS "affiliateId", lead_id AS "leadId"`,
  );
}

export async function insertRowErrors(db: Database, migrationId: number, errors: readonly RowError[]): Promise<void> {
  if (errors.length === 0) return;
  await db.execute(sql`
    INSERT INTO migration_errors (migration_id, row_number, field, code, message, lead_id, imported_lead_id)
    SELECT ${migrationId}, r."rowNumber", left(r.field, 100), left(r.code, 100), r.message, r."leadId", r."importedLeadId"
    FROM jsonb_to_recordset(${JSON.stringify(errors)}::jsonb)
      AS r("rowNumber" integer, field text, code text, message text, "leadId" integer, "importedLeadId" integer)`);
}

/**
 * For each lead a chunk just created (its row number and id), the earliest other lead with the same phone number that
 * is older than it: a lead stored before the import, or one an earlier row of the file became. One lookup of
 * leads_phone_key_idx per new lead with a phone, by the same rule as the Add Lead form's check (same_phone). The
 * import runs for a manager or administrator, who sees every lead.
 */
export async function selectPhoneDuplicates(db: Database, created: readonly { rowNumber: number; leadId: number }[]): Promise<{ rowNumber: number; leadId: number; matchId: number }[]> {
  if (created.length === 0) return [];
  const rows = await rawRows<{ rowNumber: number; leadId: number; matchId: number }>(
    db,
    sql`SELECT c."rowNumber", c."leadId", (SELECT min(m.id) FROM ${samePhoneBranch(sql`lw_phone_key(n.phone_number)`, sql`id < n.id`)} AS m) AS "matchId"
        FROM jsonb_to_recordset(${JSON.stringify(created)}::jsonb) AS c("rowNumber" integer, "leadId" integer)
        JOIN leads n ON n.id = c."leadId"
        WHERE lw_phone_key(n.phone_number) IS NOT NULL`,
  );
  return rows.filter((row) => row.matchId !== null).map((row) => ({ rowNumber: row.rowNumber, leadId: Number(row.leadId), matchId: Number(row.matchId) }));
}

/**
 * One line of an import's report, with the lead a skipped row or a likely duplicate matched and a likely duplicate's
 * own new lead (a business name null once the lead is deleted).
 */
export interface ReportLine {
  id: number;
  sortKey: string;
  rowNumber: number;
  field: string | null;
  code: string;
  message: string;
  leadId: number | null;
  businessName: string | null;
  importedLeadId: number | null;
  importedBusinessName: string | null;
}

/**
 * The report in row order, in keyset batches after (row, id). A lead the reader may not see (lead access, issue 26.5)
 * is left out of its line as if the line named none.
 */
export async function rowErrorsAfter(db: Database, migrationId: number, after: { key: string; id: number } | null, limit: number): Promise<ReportLine[]> {
  const position = after ? sql`AND (e.row_number, e.id) > (${Number(after.key)}, ${after.id})` : sql``;
  const visible = (alias: string) => sql`(${sql.raw(alias)}.id IS NULL OR ${leadInScope(sql.raw(`${alias}.assignee_id`))})`;
  return rawRows<ReportLine>(
    db,
    sql`SELECT e.id, e.row_number::text AS "sortKey", e.row_number AS "rowNumber", e.field, e.code, e.message,
               CASE WHEN ${visible("l")} THEN e.lead_id END AS "leadId", CASE WHEN ${visible("l")} THEN l.business_name END AS "businessName",
               CASE WHEN ${visible("i")} THEN e.imported_lead_id END AS "importedLeadId",
               CASE WHEN ${visible("i")} THEN i.business_name END AS "importedBusinessName"
        FROM migration_errors e LEFT JOIN leads l ON l.id = e.lead_id LEFT JOIN leads i ON i.id = e.imported_lead_id
        WHERE e.migration_id = ${migrationId} ${position} ORDER BY e.row_number, e.id LIMIT ${limit}`,
  );
}
