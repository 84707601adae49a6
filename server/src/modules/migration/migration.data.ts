import { and, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { LeadInput } from "@contract/leads";
import type { Migration, MigrationStatus } from "@contract/migration";
import type { Database } from "../../db/client";
import { normaliseAffiliateCode } from "../../db/queries/affiliate-code";
import { rawRows } from "../../db/raw-rows";
import { leads, migrationChunks, migrationLogs } from "../../db/schema";
import type { RowError } from "./migration.rows";

type MigrationRow = typeof migrationLogs.$inferSelect;

export function toMigration(row: MigrationRow): Migration {
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
    failureReason: row.errorDetails,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function insertMigration(db: Database, values: { sourceFile: string; createdBy: string; createdById: number | null }): Promise<number> {
  const [row] = await db
    .insert(migrationLogs)
    .values({ ...values, status: "awaiting_mapping", columns: [], mapping: [] })
    .returning({ id: migrationLogs.id });
  return row!.id;
}

export async function insertChunk(db: Database, values: { migrationId: number; chunkNo: number; firstRow: number; records: string[][] }): Promise<void> {
  await db.insert(migrationChunks).values(values);
}

export async function finishUpload(
  db: Database,
  id: number,
  values: { columns: string[]; mapping: (string | null)[]; recordsTotal: number; createdBy?: string },
): Promise<void> {
  await db.update(migrationLogs).set(values).where(eq(migrationLogs.id, id));
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

export async function latestMigrations(db: Database, limit: number): Promise<MigrationRow[]> {
  return db.select().from(migrationLogs).orderBy(desc(migrationLogs.createdAt), desc(migrationLogs.id)).limit(limit);
}

/** Starts an upload that still waits for its mapping; false when it already started (or does not exist). */
export async function markStarted(db: Database, id: number, values: { mapping: (string | null)[]; duplicates: string }): Promise<boolean> {
  const changed = await db
    .update(migrationLogs)
    .set({ ...values, status: "in_progress" })
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
  batch: { chunkNo: number; processed: number; successful: number; updated: number; skipped: number; withErrors: number },
): Promise<void> {
  await db
    .update(migrationLogs)
    .set({
      lastChunk: batch.chunkNo,
      recordsProcessed: sql`${migrationLogs.recordsProcessed} + ${batch.processed}`,
      recordsSuccessful: sql`${migrationLogs.recordsSuccessful} + ${batch.successful}`,
      recordsUpdated: sql`${migrationLogs.recordsUpdated} + ${batch.updated}`,
      recordsSkipped: sql`${migrationLogs.recordsSkipped} + ${batch.skipped}`,
      recordsWithErrors: sql`${migrationLogs.recordsWithErrors} + ${batch.withErrors}`,
    })
    .where(eq(migrationLogs.id, id));
}

export async function markFinished(db: Database, id: number, status: "completed" | "failed", reason: string | null): Promise<MigrationRow | undefined> {
  const [row] = await db
    .update(migrationLogs)
    .set({ status, errorDetails: reason, completedAt: sql`now()` })
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
 * Answers the id of each lead written, by lower(email).
 */
export async function insertNewLeads(db: Database, fields: readonly LeadField[], rows: readonly Partial<LeadInput>[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const columns = fields.map((field) => `"${leadColumns[field].name}"`).join(", ");
  const values = fields.map((field) => `r."${field}"`).join(", ");
  const written = await rawRows<{ id: number; email_key: string }>(
    db,
    sql`INSERT INTO leads (${sql.raw(columns)})
        SELECT ${sql.raw(values)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(recordsetColumns(fields))})
        ON CONFLICT DO NOTHING
        RETURNING id, lower(email) AS email_key`,
  );
  return new Map(written.map((row) => [row.email_key, row.id]));
}

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
    INSERT INTO migration_errors (migration_id, row_number, field, code, message)
    SELECT ${migrationId}, r."rowNumber", left(r.field, 100), left(r.code, 100), r.message
    FROM jsonb_to_recordset(${JSON.stringify(errors)}::jsonb) AS r("rowNumber" integer, field text, code text, message text)`);
}

/** The error report in row order, in keyset batches after (row, id). */
export async function rowErrorsAfter(db: Database, migrationId: number, after: { key: string; id: number } | null, limit: number) {
  const position = after ? sql`AND (row_number, id) > (${Number(after.key)}, ${after.id})` : sql``;
  return rawRows<{ id: number; sortKey: string; rowNumber: number; field: string | null; message: string }>(
    db,
    sql`SELECT id, row_number::text AS "sortKey", row_number AS "rowNumber", field, message FROM migration_errors
        WHERE migration_id = ${migrationId} ${position} ORDER BY row_number, id LIMIT ${limit}`,
  );
}
