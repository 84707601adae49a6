import type { Readable } from "node:stream";
import { MIGRATION_FILE_FIELD, MIGRATION_LIST_LIMIT, MIGRATION_MAX_COLUMNS, type DuplicatePolicy, type Migration, type MigrationStart, type MigrationTarget } from "@contract/migration";
import type { LeadInput } from "@contract/leads";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { emitEvent } from "../../kernel/events";
import { keysetCsv, type CsvExport } from "../../kernel/http/csv-export";
import { badRequest, conflict, HttpError, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { isLastAttempt, type JobQueue } from "../../kernel/jobs/job-context";
import { defineJob } from "../../kernel/jobs/job-kind";
import { z } from "zod";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { loggableError } from "../../kernel/http/error-log";
import { csvRecords } from "./migration.csv";
import {
  creditReferrals,
  deleteChunks,
  deleteMigration,
  findMigration,
  finishUpload,
  insertChunk,
  insertMigration,
  insertNewLeads,
  insertRowErrors,
  latestMigrations,
  lockMigration,
  markFinished,
  markStarted,
  nextChunk,
  recordBatch,
  rowErrorsAfter,
  toMigration,
  updateExistingLeads,
  upsertYtdRevenue,
} from "./migration.data";
import { asTargets, detectMapping, validateRow, type RowError, type ValidRow } from "./migration.rows";

export interface MigrationDeps {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
}

export interface Actor {
  principal: Principal;
  meta: RequestMeta;
}

/** One part of a multipart upload, as the route hands it over. */
export type UploadPart =
  | { type: "field"; fieldname: string; value: unknown }
  | { type: "file"; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
export const fileTooLarge = (config: AppConfig) =>
  new HttpError(413, "migration.file_too_large", { params: { maxMegabytes: megabytes(config.migration.maxBytes) } });

const isTooLarge = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE";

/**
 * Streams the uploaded file's records into staged chunks (one row of `chunkRows` records each) as they are parsed, so
 * neither this instance nor any other ever holds the file, and the import job can run anywhere. The first record is
 * the header, from which the mapping is detected. A file that fails (too large, not CSV, no rows) leaves nothing.
 */
async function stageFile(deps: MigrationDeps, migrationId: number, file: UploadPart & { type: "file" }) {
  const chunkRows = deps.config.migration.chunkRows;
  let header: string[] | null = null;
  let pending: string[][] = [];
  let chunkNo = 0;
  let rows = 0;
  let firstRowOfChunk = 2;
  const flush = async () => {
    if (pending.length === 0) return;
    await insertChunk(deps.db, { migrationId, chunkNo, firstRow: firstRowOfChunk, records: pending });
    chunkNo++;
    firstRowOfChunk += pending.length;
    pending = [];
  };
  for await (const record of csvRecords(file.file)) {
    if (header === null) {
      if (record.length > MIGRATION_MAX_COLUMNS) throw badRequest("csvFile", "migration.mapping_width", { columns: MIGRATION_MAX_COLUMNS });
      header = record.map((cell) => cell.trim());
      continue;
    }
    pending.push(record);
    rows++;
    if (pending.length >= chunkRows) await flush();
  }
  if (file.file.truncated) throw fileTooLarge(deps.config);
  await flush();
  if (header === null) throw badRequest("csvFile", "migration.file_required");
  if (rows === 0) throw badRequest("csvFile", "migration.no_rows");
  return { header, rows };
}

/**
 * Receives an upload: the file (.csv only) staged in the database with its detected mapping, awaiting confirmation;
 * with `start`, the import starts at once with that mapping and the `duplicates` field's policy.
 */
export async function receiveUpload(deps: MigrationDeps, parts: AsyncIterable<UploadPart>, actor: Actor, start: boolean): Promise<Migration> {
  const fields: Record<string, string> = {};
  let migrationId: number | null = null;
  let staged: { header: string[]; rows: number } | null = null;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== MIGRATION_FILE_FIELD || staged !== null) {
        // Drained so the rest of the request can still be read.
        part.file.resume();
        continue;
      }
      if (!/\.csv$/i.test(part.filename ?? "")) {
        part.file.resume();
        throw badRequest("csvFile", "migration.not_csv");
      }
      migrationId = await insertMigration(deps.db, {
        sourceFile: part.filename.slice(0, 255),
        createdBy: actorLabel(actor.principal).slice(0, 150),
        createdById: actor.principal.user.id,
      });
      staged = await stageFile(deps, migrationId, part);
    }
    if (migrationId === null || staged === null) throw badRequest("csvFile", "migration.file_required");
    const userEmail = fields.userEmail?.trim();
    if (userEmail && (userEmail.length > 150 || !/^[^\s@]+@[^\s@]+$/.test(userEmail))) throw badRequest("userEmail", "field.invalid_email");
    const duplicates = fields.duplicates?.trim() || "skip";
    if (duplicates !== "skip" && duplicates !== "update") throw badRequest("duplicates", "field.invalid_option", { options: "skip, update" });
    const mapping = detectMapping(staged.header);
    const uploaded = { id: migrationId, header: staged.header, rows: staged.rows };
    await inTransaction(deps.db, async (tx) => {
      await finishUpload(tx, uploaded.id, { columns: uploaded.header, mapping, recordsTotal: uploaded.rows });
      await recordAudit(tx, {
        userEmail: actorLabel(actor.principal),
        action: "migration.upload",
        details: `Migration #${uploaded.id}: ${uploaded.rows} rows uploaded${userEmail ? ` for ${userEmail}` : ""}`,
        meta: actor.meta,
      });
    });
    if (start) return await startMigration(deps, migrationId, { mapping, duplicates }, actor);
    return await getMigration(deps.db, migrationId);
  } catch (error) {
    if (migrationId !== null) await deleteMigration(deps.db, migrationId).catch(() => undefined);
    throw uploadError(deps.config, error);
  }
}

/**
 * What a failed upload answers: our own refusals as they are; the multipart reader's (no boundary, a body cut off,
 * too many parts) as a 400 about the request's form, or 413 for the size; anything else (the database) as it is.
 */
function uploadError(config: AppConfig, error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (isTooLarge(error)) return fileTooLarge(config);
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const fromMultipart = typeof code === "string" && code.startsWith("FST_");
  const fromBusboy = error instanceof Error && /multipart|boundary|unexpected end of form|malformed part header/i.test(error.message);
  return fromMultipart || fromBusboy ? new HttpError(400, "migration.multipart_required") : error;
}

/** Confirms the mapping and the duplicate policy and queues the import job, in one transaction with its audit row. */
export async function startMigration(deps: MigrationDeps, id: number, choice: MigrationStart, actor: Actor): Promise<Migration> {
  const existing = await findMigration(deps.db, id);
  if (!existing) throw notFound("migration.not_found");
  if (choice.mapping.length !== existing.columns.length) {
    throw badRequest("mapping", "migration.mapping_width", { columns: existing.columns.length });
  }
  const targets = new Set(choice.mapping);
  if (!targets.has("email")) throw badRequest("mapping", "migration.email_unmapped");
  const hasName = targets.has("name") || (targets.has("businessOwnerName") && targets.has("businessOwnerLastName"));
  if (!hasName || !targets.has("businessName")) throw badRequest("mapping", "migration.name_unmapped");
  await inTransaction(deps.db, async (tx) => {
    if (!(await markStarted(tx, id, { mapping: choice.mapping, duplicates: choice.duplicates }))) throw conflict("migration.already_started");
    await deps.jobs.send(importMigrationJob, { migrationId: id }, IMPORT_JOB_OPTIONS, tx);
    await recordAudit(tx, {
      userEmail: actorLabel(actor.principal),
      action: "migration.start",
      details: `Migration #${id} (${existing.sourceFile}): ${existing.recordsTotal} rows, duplicates ${choice.duplicates === "update" ? "update" : "are skipped"}`,
      meta: actor.meta,
    });
  });
  return getMigration(deps.db, id);
}

/** A run that dies is retried once pg-boss sees it expired; each run hands over to a new one within RUN_SECONDS. */
export const IMPORT_JOB_OPTIONS = { retryLimit: 5, retryDelay: 5, expireInSeconds: 300 } as const;
const RUN_SECONDS = 60;

export async function getMigration(db: Database, id: number): Promise<Migration> {
  const row = await findMigration(db, id);
  if (!row) throw notFound("migration.not_found");
  return toMigration(row);
}

export async function listMigrations(db: Database): Promise<Migration[]> {
  return (await latestMigrations(db, MIGRATION_LIST_LIMIT)).map(toMigration);
}

export async function errorReport(db: Database, id: number): Promise<CsvExport<{ id: number; sortKey: string; rowNumber: number; field: string | null; message: string }>> {
  const row = await findMigration(db, id);
  if (!row) throw notFound("migration.not_found");
  return keysetCsv({
    name: `migration-${id}-errors`,
    header: ["row", "field", "message"],
    read: (after, limit) => rowErrorsAfter(db, id, after, limit),
    cells: (error) => [error.rowNumber, error.field ?? "", error.message],
  });
}

interface BatchOutcome {
  processed: number;
  successful: number;
  updated: number;
  skipped: number;
  withErrors: number;
}

/** The lead fields a batch writes: those the mapping fills, and the required ones. */
function writtenFields(mapping: readonly (MigrationTarget | null)[]): (keyof LeadInput)[] {
  const fields = new Set<keyof LeadInput>(["businessOwnerName", "businessOwnerLastName", "businessName", "email"]);
  for (const target of mapping) if (target !== null && target !== "name" && target !== "revenue") fields.add(target);
  return [...fields];
}

/** What an import reads once: the confirmed mapping and duplicate policy, and where the last run stopped. */
interface ImportPlan {
  mapping: readonly (MigrationTarget | null)[];
  duplicates: DuplicatePolicy;
  lastChunk: number;
}

async function importPlan(db: Database, migrationId: number): Promise<ImportPlan | null> {
  const migration = await findMigration(db, migrationId);
  if (!migration || migration.status !== "in_progress") return null;
  return { mapping: asTargets(migration.mapping), duplicates: migration.duplicates as DuplicatePolicy, lastChunk: migration.lastChunk };
}

/** The chunk after `afterChunk`, its rows validated and ready to write (null: none is left after it). */
interface PreparedChunk {
  afterChunk: number;
  chunk: { chunkNo: number; batch: ValidatedBatch } | null;
}

/**
 * Reads and validates the staged chunk after `afterChunk`, outside any transaction: staged chunks never change, and
 * the write checks that the chunk is still the next one (writeChunk). Nothing is written here.
 */
async function prepareChunk(db: Database, migrationId: number, afterChunk: number, plan: ImportPlan): Promise<PreparedChunk> {
  const chunk = await nextChunk(db, migrationId, afterChunk);
  if (!chunk) return { afterChunk, chunk: null };
  return { afterChunk, chunk: { chunkNo: chunk.chunkNo, batch: validateBatch(chunk.records, chunk.firstRow, plan.mapping, plan.duplicates) } };
}

/**
 * Writes one prepared chunk as one transaction: its new leads, its updates (when chosen), KPI revenue, referrals, row
 * errors, and the migration's counters with the chunk's number. Either all of it commits or none: a crash leaves
 * the chunk absent, and the next run starts from it again; a chunk already committed is never written twice. "stale"
 * when the migration moved on since the chunk was read (another instance wrote it): the caller reads again.
 */
async function writeChunk(db: Database, migrationId: number, prepared: PreparedChunk): Promise<"written" | "done" | "stopped" | "stale"> {
  return inTransaction(db, async (tx) => {
    const migration = await lockMigration(tx, migrationId);
    if (!migration || migration.status !== "in_progress") return "stopped";
    if (migration.lastChunk !== prepared.afterChunk) return "stale";
    if (!prepared.chunk) return "done";
    const outcome = await writeBatch(tx, prepared.chunk.batch, asTargets(migration.mapping), migration.duplicates as DuplicatePolicy, migrationId);
    await recordBatch(tx, migrationId, { chunkNo: prepared.chunk.chunkNo, ...outcome });
    return "written";
  });
}

/** Reads, validates and writes the next chunk, one after the other (runImport overlaps them). */
export async function importChunk(db: Database, migrationId: number): Promise<"written" | "done" | "stopped" | "stale"> {
  const plan = await importPlan(db, migrationId);
  if (!plan) return "stopped";
  return writeChunk(db, migrationId, await prepareChunk(db, migrationId, plan.lastChunk, plan));
}

/** A chunk's rows through the mapping and the Add Lead validation, duplicates within it resolved by the policy. */
interface ValidatedBatch {
  processed: number;
  rows: ValidRow[];
  errors: RowError[];
  duplicatesInBatch: number;
}

function validateBatch(records: readonly string[][], firstRow: number, mapping: readonly (MigrationTarget | null)[], duplicates: DuplicatePolicy): ValidatedBatch {
  const errors: RowError[] = [];
  // Rows by email: a later row with the same email is skipped, or (update) merged over the earlier one.
  const byEmail = new Map<string, ValidRow>();
  let duplicatesInBatch = 0;
  records.forEach((record, index) => {
    const result = validateRow(record, mapping, firstRow + index);
    if (Array.isArray(result)) {
      errors.push(...result);
      return;
    }
    const earlier = byEmail.get(result.emailKey);
    if (!earlier) {
      byEmail.set(result.emailKey, result);
      return;
    }
    duplicatesInBatch++;
    if (duplicates === "update") {
      byEmail.set(result.emailKey, {
        ...earlier,
        lead: { ...earlier.lead, ...result.lead },
        revenue: result.revenue ?? earlier.revenue,
      });
    }
  });
  return { processed: records.length, rows: [...byEmail.values()], errors, duplicatesInBatch };
}

async function writeBatch(tx: Database, batch: ValidatedBatch, mapping: readonly (MigrationTarget | null)[], duplicates: DuplicatePolicy, migrationId: number): Promise<BatchOutcome> {
  const { rows, errors, duplicatesInBatch } = batch;
  const fields = writtenFields(mapping);
  const pick = (lead: Partial<LeadInput>) => Object.fromEntries(fields.filter((field) => lead[field] !== undefined).map((field) => [field, lead[field]]));
  const inserted = await insertNewLeads(tx, fields, rows.map((row) => pick(row.lead)));
  const existing = rows.filter((row) => !inserted.has(row.emailKey));
  const updated = duplicates === "update" ? await updateExistingLeads(tx, fields, existing.map((row) => pick(row.lead))) : new Map<string, number>();
  const leadIdOf = (row: ValidRow) => inserted.get(row.emailKey) ?? updated.get(row.emailKey);

  const revenue: { leadId: number; ytdRevenue: string }[] = [];
  const codes: { leadId: number; code: string }[] = [];
  for (const row of rows) {
    const leadId = leadIdOf(row);
    if (leadId === undefined) continue;
    if (row.revenue !== null) revenue.push({ leadId, ytdRevenue: row.revenue });
    if (row.lead.affiliateCode) codes.push({ leadId, code: row.lead.affiliateCode });
  }
  await upsertYtdRevenue(tx, revenue);
  for (const referral of await creditReferrals(tx, codes)) {
    await emitEvent(tx, "referral.created", { ...referral, source: "code" });
  }
  await insertRowErrors(tx, migrationId, errors);

  const erroredRows = new Set(errors.map((error) => error.rowNumber)).size;
  const written = inserted.size + updated.size;
  const successful = written + (duplicates === "update" ? duplicatesInBatch : 0);
  return {
    processed: batch.processed,
    successful,
    updated: updated.size + (duplicates === "update" ? duplicatesInBatch : 0),
    skipped: batch.processed - erroredRows - successful,
    withErrors: erroredRows,
  };
}

/** Marks the migration completed, with its event, and drops its staged chunks. */
async function completeMigration(db: Database, migrationId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await markFinished(tx, migrationId, "completed", null);
    if (!row) return;
    await deleteChunks(tx, migrationId);
    await emitEvent(tx, "migration.completed", {
      migrationId,
      sourceFile: row.sourceFile,
      imported: row.recordsSuccessful,
      updated: row.recordsUpdated,
      skipped: row.recordsSkipped,
      errors: row.recordsWithErrors,
      createdBy: row.createdBy,
    });
  });
}

/** Marks the migration failed with the reason; the batches already written stay. */
export async function failMigration(db: Database, migrationId: number, reason: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (await markFinished(tx, migrationId, "failed", reason.slice(0, 2000))) await deleteChunks(tx, migrationId);
  });
}

/**
 * One run of the import job: batch after batch until the file is done, or until RUN_SECONDS have passed, when it
 * queues the next run (so a deploy's shutdown never waits on a long import, and another instance may carry on).
 * The next chunk is read and validated while this one is written: Node validates while PostgreSQL inserts, so the
 * two cores work at once instead of in turn.
 */
export async function runImport(deps: MigrationDeps, migrationId: number): Promise<void> {
  const deadline = Date.now() + RUN_SECONDS * 1000;
  const plan = await importPlan(deps.db, migrationId);
  if (!plan) return;
  let upcoming = prepareChunk(deps.db, migrationId, plan.lastChunk, plan);
  for (;;) {
    const prepared = await upcoming;
    upcoming = prepared.chunk ? prepareChunk(deps.db, migrationId, prepared.chunk.chunkNo, plan) : Promise.resolve({ afterChunk: prepared.afterChunk, chunk: null });
    // Settled here too, so a read that fails after this run has returned is not an unhandled rejection.
    upcoming.catch(() => undefined);
    const step = await writeChunk(deps.db, migrationId, prepared);
    if (step === "stopped") return;
    if (step === "done") return completeMigration(deps.db, migrationId);
    if (step === "stale") {
      const now = await importPlan(deps.db, migrationId);
      if (!now) return;
      upcoming = prepareChunk(deps.db, migrationId, now.lastChunk, plan);
      continue;
    }
    if (Date.now() > deadline) {
      await deps.jobs.send(importMigrationJob, { migrationId }, IMPORT_JOB_OPTIONS);
      return;
    }
  }
}

/** What the error in a failed run says to the person who started the import. */
export const failureReason = (error: unknown) => loggableError(error).message;

/**
 * Writes a migration's staged chunks, one transaction per batch. A run that fails is retried from the last committed
 * batch; after the last retry the migration is marked failed with the reason.
 */
export const importMigrationJob = defineJob({
  name: "migration.import",
  payload: z.object({ migrationId: z.number().int().positive() }),
  pollingIntervalSeconds: 1,
  handler: async (context, { migrationId }, run) => {
    try {
      await runImport(context, migrationId);
    } catch (error) {
      if (isLastAttempt(run)) await failMigration(context.db, migrationId, failureReason(error));
      throw error;
    }
  },
});
