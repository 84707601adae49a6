import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  MIGRATION_FILE_FIELD,
  MIGRATION_LIST_LIMIT,
  MIGRATION_MAX_COLUMNS,
  MIGRATION_REPORT_PAGE,
  type DuplicatePolicy,
  type Migration,
  type MigrationReport,
  type MigrationReportQuery,
  type MigrationStart,
  type MigrationTarget,
} from "@contract/migration";
import { englishErrorMessage } from "@contract/error-codes";
import { errorMessage } from "@contract/error-message";
import type { LeadInput } from "@contract/leads";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { emitEvent, emitEvents } from "../../kernel/events";
import { keysetCsv, type CsvExport } from "../../kernel/http/csv-export";
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from "../../kernel/http/errors";
import { isMultipartFormError } from "../../kernel/http/multipart-failure";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { isLastAttempt, type JobQueue } from "../../kernel/jobs/job-context";
import { defineJob } from "../../kernel/jobs/job-kind";
import { z } from "zod";
import type { Principal } from "../../kernel/principal";
import { runAsActor } from "../../kernel/actor-context";
import { inTransaction } from "../../kernel/transaction";
import { loggableError } from "../../kernel/http/error-log";
import { takeAssigneeTurns } from "../../db/queries/lead-assignment";
import { csvRecords } from "./migration.csv";
import {
  claimImport,
  creditReferrals,
  deleteChunks,
  deleteMigration,
  expireUpload,
  findMigration,
  finishUpload,
  insertChunk,
  insertMigration,
  insertNewLeads,
  insertRowErrors,
  latestMigrations,
  lockAndCountActive,
  lockMigration,
  markFinished,
  markStarted,
  nextChunk,
  recordBatch,
  releaseLease,
  renewLease,
  rowErrorsAfter,
  toMigration,
  touchUpload,
  unassignedCount,
  unfinishedMigrationIds,
  updateExistingLeads,
  upsertYtdRevenue,
  watchedMigration,
  selectPhoneDuplicates,
  type ReportLine,
} from "./migration.data";
import { asTargets, detectMapping, validateRow, type RowError, type ValidRow } from "./migration.rows";

export interface MigrationDeps {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
}

/** What receiving an upload needs besides: this instance's count of the uploads it is receiving. */
export interface UploadDeps extends MigrationDeps {
  uploads: UploadSlots;
}

/**
 * The uploads one instance receives at once, each holding a parser and a chunk in memory. Only this instance's own
 * work is counted here; what all instances share (MIGRATION_MAX_ACTIVE) is counted in the database.
 */
export class UploadSlots {
  private busy = 0;
  constructor(readonly limit: number) {}
  take(): boolean {
    if (this.busy >= this.limit) return false;
    this.busy++;
    return true;
  }
  release(): void {
    this.busy = Math.max(0, this.busy - 1);
  }
}

/** How often the instance receiving an upload says so (heartbeat_at), and after how long without it the upload was cut off. */
const UPLOAD_HEARTBEAT_SECONDS = 5;
export const UPLOAD_ALIVE_SECONDS = 30;
/**
 * An import run renews its lease this often, and a lease not renewed for LEASE_SECONDS belongs to a run that stopped
 * (its instance was killed): the watch hands the import to a new run. So an import resumes about 10 to 25 seconds
 * after its instance dies, on whichever instance is up (the restarted one, or another).
 */
const LEASE_RENEW_SECONDS = 3;
export const LEASE_SECONDS = 10;
/** A staged chunk is written once it holds this many characters, even with fewer than chunkRows rows (long rows). */
const CHUNK_MAX_CHARS = 4 * 1024 * 1024;

/** How long a client is asked to wait before trying a refused upload again. */
const RETRY_UPLOAD_SECONDS = 30;

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
  let pendingChars = 0;
  let chunkNo = 0;
  let rows = 0;
  let firstRowOfChunk = 2;
  // One chunk is written while the next is parsed (Node parses while PostgreSQL writes), never more: two chunks in memory.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (pending.length === 0) return;
    const values = { migrationId, chunkNo, firstRow: firstRowOfChunk, records: pending };
    chunkNo++;
    firstRowOfChunk += pending.length;
    pending = [];
    pendingChars = 0;
    await writing;
    writing = insertChunk(deps.db, values);
    // Its failure is thrown where it is awaited (the next flush, or the end); this only keeps it from being unhandled.
    writing.catch(() => undefined);
  };
  try {
    for await (const record of csvRecords(file.file)) {
      if (header === null) {
        if (record.length > MIGRATION_MAX_COLUMNS) throw badRequest("csvFile", "migration.mapping_width", { columns: MIGRATION_MAX_COLUMNS });
        header = record.map((cell) => cell.trim());
        continue;
      }
      pending.push(record);
      rows++;
      for (const cell of record) pendingChars += cell.length;
      if (pending.length >= chunkRows || pendingChars >= CHUNK_MAX_CHARS) await flush();
    }
    if (file.file.truncated) throw fileTooLarge(deps.config);
    await flush();
    await writing;
  } finally {
    // A failed upload's staged rows are deleted by the caller: none may still be on its way in.
    await writing.catch(() => undefined);
  }
  if (header === null) throw badRequest("csvFile", "migration.file_required");
  if (rows === 0) throw badRequest("csvFile", "migration.no_rows");
  return { header, rows };
}

/**
 * Receives an upload: the file (.csv only) staged in the database with its detected mapping, awaiting confirmation;
 * with `start`, the import starts at once with that mapping and the `duplicates` field's policy.
 */
export async function receiveUpload(deps: UploadDeps, parts: AsyncIterable<UploadPart>, actor: Actor, start: boolean): Promise<Migration> {
  // Refused before any of the file is read, and nothing is written.
  if (!deps.uploads.take()) throw tooManyRequests("migration.instance_busy", RETRY_UPLOAD_SECONDS, { limit: deps.uploads.limit });
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    return await receiveParts(deps, parts, actor, start, (id) => {
      heartbeat = setInterval(() => void touchUpload(deps.db, id).catch(() => undefined), UPLOAD_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
    });
  } finally {
    clearInterval(heartbeat);
    deps.uploads.release();
  }
}

/**
 * Opens an upload (status uploading) if fewer than MIGRATION_MAX_ACTIVE imports are uploading or in progress on all
 * instances; otherwise 429 and nothing is written. Its watch starts with it, in the same transaction.
 */
async function openUpload(deps: MigrationDeps, values: { sourceFile: string; createdBy: string; createdById: number | null }): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const limit = deps.config.migration.maxActive;
    if ((await lockAndCountActive(tx, UPLOAD_ALIVE_SECONDS)) >= limit) throw tooManyRequests("migration.too_many_imports", RETRY_UPLOAD_SECONDS, { limit });
    const id = await insertMigration(tx, values);
    await watch(deps, tx, id, "uploading", UPLOAD_ALIVE_SECONDS);
    return id;
  });
}

async function receiveParts(deps: MigrationDeps, parts: AsyncIterable<UploadPart>, actor: Actor, start: boolean, opened: (id: number) => void): Promise<Migration> {
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
      try {
        migrationId = await openUpload(deps, {
          sourceFile: part.filename.slice(0, 255),
          createdBy: actorLabel(actor.principal).slice(0, 150),
          createdById: actor.principal.user.id,
        });
      } catch (error) {
        part.file.resume();
        throw error;
      }
      opened(migrationId);
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
      if (!(await finishUpload(tx, uploaded.id, { columns: uploaded.header, mapping, recordsTotal: uploaded.rows }))) throw conflict("migration.expired");
      await watch(deps, tx, uploaded.id, "awaiting_mapping", deps.config.migration.uploadExpiryMs / 1000);
      await recordAudit(tx, {
        userEmail: actorLabel(actor.principal),
        action: "migration.upload",
        message: userEmail
          ? { code: "migration.uploaded_for", params: { migrationId: uploaded.id, rows: uploaded.rows, email: userEmail } }
          : { code: "migration.uploaded", params: { migrationId: uploaded.id, rows: uploaded.rows } },
        meta: actor.meta,
      });
    });
    if (start) return await startMigration(deps, migrationId, { mapping, duplicates }, actor);
    return await getMigration(deps, migrationId);
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
  return isMultipartFormError(error) ? new HttpError(400, "migration.multipart_required") : error;
}

/** Confirms the mapping and the duplicate policy and queues the import job, in one transaction with its audit row. */
export async function startMigration(deps: MigrationDeps, id: number, choice: MigrationStart, actor: Actor): Promise<Migration> {
  const existing = await findMigration(deps.db, id);
  if (!existing) throw notFound("migration.not_found");
  if (existing.status === "expired") throw conflict("migration.expired");
  if (choice.mapping.length !== existing.columns.length) {
    throw badRequest("mapping", "migration.mapping_width", { columns: existing.columns.length });
  }
  const targets = new Set(choice.mapping);
  if (!targets.has("email")) throw badRequest("mapping", "migration.email_unmapped");
  const hasName = targets.has("name") || (targets.has("businessOwnerName") && targets.has("businessOwnerLastName"));
  if (!hasName || !targets.has("businessName")) throw badRequest("mapping", "migration.name_unmapped");
  await inTransaction(deps.db, async (tx) => {
    const limit = deps.config.migration.maxActive;
    if ((await lockAndCountActive(tx, UPLOAD_ALIVE_SECONDS, id)) >= limit) throw tooManyRequests("migration.too_many_imports", RETRY_UPLOAD_SECONDS, { limit });
    if (!(await markStarted(tx, id, { mapping: choice.mapping, duplicates: choice.duplicates }))) {
      throw (await findMigration(tx, id))?.status === "expired" ? conflict("migration.expired") : conflict("migration.already_started");
    }
    await deps.jobs.send(importMigrationJob, { migrationId: id }, IMPORT_JOB_OPTIONS, tx);
    await watch(deps, tx, id, "in_progress", LEASE_SECONDS);
    await recordAudit(tx, {
      userEmail: actorLabel(actor.principal),
      action: "migration.start",
      message: {
        code: choice.duplicates === "update" ? "migration.started_update" : "migration.started_skip",
        params: { migrationId: id, file: existing.sourceFile, rows: existing.recordsTotal },
      },
      meta: actor.meta,
    });
  });
  return getMigration(deps, id);
}

/**
 * A run that fails is retried; one whose instance dies is resumed by the watch once its lease is stale (pg-boss's own
 * expiry is the last resort). Each run hands over to a new one within RUN_SECONDS.
 */
export const IMPORT_JOB_OPTIONS = { retryLimit: 5, retryDelay: 5, expireInSeconds: 300 } as const;
const RUN_SECONDS = 60;

export async function getMigration(deps: Pick<MigrationDeps, "db" | "config">, id: number): Promise<Migration> {
  const row = await findMigration(deps.db, id);
  if (!row) throw notFound("migration.not_found");
  return toMigration(row, deps.config.migration.uploadExpiryMs);
}

export async function listMigrations(deps: Pick<MigrationDeps, "db" | "config">): Promise<Migration[]> {
  return (await latestMigrations(deps.db, MIGRATION_LIST_LIMIT)).map((row) => toMigration(row, deps.config.migration.uploadExpiryMs));
}

/**
 * The report as CSV. A skipped duplicate's line names the lead it matched: its id, and its page's URL at `appOrigin`
 * (the origin people open the app at), so a spreadsheet's link opens it; a likely duplicate's also names the lead the
 * row became, with the address of the page comparing the two.
 */
export async function errorReport(db: Database, id: number, appOrigin: string): Promise<CsvExport<ReportLine>> {
  const row = await findMigration(db, id);
  if (!row) throw notFound("migration.not_found");
  return keysetCsv({
    name: `migration-${id}-errors`,
    header: ["row", "field", "message", "lead_id", "lead_url", "imported_lead_id", "merge_url"],
    read: (after, limit) => rowErrorsAfter(db, id, after, limit),
    cells: (line) => {
      const compared = line.importedLeadId !== null && line.leadId !== null;
      return [
        line.rowNumber,
        line.field ?? "",
        line.message,
        line.leadId ?? "",
        line.leadId !== null ? `${appOrigin}/leads/${line.leadId}` : "",
        line.importedLeadId ?? "",
        compared ? `${appOrigin}/leads/${line.leadId}/merge/${line.importedLeadId}` : "",
      ];
    },
  });
}

/** A page of the report, in row order, each skipped duplicate with the lead it matched. */
export async function reportPage(db: Database, id: number, query: MigrationReportQuery): Promise<MigrationReport> {
  const row = await findMigration(db, id);
  if (!row) throw notFound("migration.not_found");
  const [key, after] = query.cursor?.split(".") ?? [];
  const lines = await rowErrorsAfter(db, id, key !== undefined && after !== undefined ? { key, id: Number(after) } : null, MIGRATION_REPORT_PAGE + 1);
  const page = lines.slice(0, MIGRATION_REPORT_PAGE);
  const last = page.at(-1);
  return {
    lines: page.map((line) => ({
      rowNumber: line.rowNumber,
      field: line.field,
      code: line.code,
      message: line.message,
      lead: line.leadId !== null ? { id: line.leadId, businessName: line.businessName } : null,
      importedLead: line.importedLeadId !== null ? { id: line.importedLeadId, businessName: line.importedBusinessName } : null,
    })),
    nextCursor: lines.length > MIGRATION_REPORT_PAGE && last ? `${last.rowNumber}.${last.id}` : null,
  };
}

/**
 * Where one run of the import spent its time, in milliseconds, returned by the job (pg-boss keeps it as the job's
 * output): the bench reads it to say where an import's time goes beside a plain COPY. Reading and validating overlap
 * the writes; `waitMs` is how long the writes waited for the next validated chunk.
 */
export interface ImportTimings {
  chunks: number;
  rows: number;
  readMs: number;
  validateMs: number;
  waitMs: number;
  insertLeadsMs: number;
  updateLeadsMs: number;
  kpiMs: number;
  referralsMs: number;
  rowErrorsMs: number;
  /** Looking up the new leads' phone numbers among the leads (likely duplicates). */
  duplicatesMs: number;
  /** A chunk written beside the one before it, waiting for that one to commit (summed over both writers). */
  orderMs: number;
  /** The chunk's transaction around those: the lock, the counters, the commit. */
  transactionMs: number;
}

const newTimings = (): ImportTimings => ({
  chunks: 0,
  rows: 0,
  readMs: 0,
  validateMs: 0,
  waitMs: 0,
  insertLeadsMs: 0,
  updateLeadsMs: 0,
  kpiMs: 0,
  referralsMs: 0,
  rowErrorsMs: 0,
  duplicatesMs: 0,
  orderMs: 0,
  transactionMs: 0,
});

/** Runs `work`, adding its time to `timings[key]`. */
async function timed<T>(timings: ImportTimings | undefined, key: keyof ImportTimings, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    if (timings) timings[key] += performance.now() - started;
  }
}

interface BatchOutcome {
  processed: number;
  successful: number;
  updated: number;
  skipped: number;
  withErrors: number;
  likelyDuplicates: number;
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
async function prepareChunk(db: Database, migrationId: number, afterChunk: number, plan: ImportPlan, timings?: ImportTimings): Promise<PreparedChunk> {
  const chunk = await timed(timings, "readMs", () => nextChunk(db, migrationId, afterChunk));
  if (!chunk) return { afterChunk, chunk: null };
  const batch = await validateBatch(chunk.records, chunk.firstRow, plan.mapping, plan.duplicates, timings);
  return { afterChunk, chunk: { chunkNo: chunk.chunkNo, batch } };
}

/**
 * Rows validated between two turns of the event loop. A chunk validated in one go held the loop for about 14 ms (2,000
 * rows), and the write of the chunk before it, whose statement had answered meanwhile, sent its next statement only
 * after: PostgreSQL's core waited for Node's. In slices, the write goes on between two of them.
 */
const VALIDATE_SLICE_ROWS = 250;

/** What writing a chunk came to: written, none left ("done"), the import stopped or moved on without it. */
type ChunkStep = "written" | "done" | "stopped" | "stale";

/** A chunk's transaction that must not commit: its writes are rolled back and the step says why. */
class ChunkNotWritten extends Error {
  constructor(readonly step: Exclude<ChunkStep, "written" | "done">) {
    super(`chunk not written: ${step}`);
  }
}

/**
 * How a chunk written beside the one before it keeps to the file's order: `inserted` is called once its new leads are
 * inserted (the loop may then start the next chunk), and it goes on only once `predecessor`, the write of the chunk
 * before, has committed.
 */
interface ChunkOrder {
  predecessor?: Promise<ChunkStep>;
  inserted?: () => void;
}

/**
 * Writes one prepared chunk as one transaction: its new leads, its updates (when chosen), KPI revenue, referrals, row
 * errors, and the migration's counters with the chunk's number. Either all of it commits or none: a crash leaves
 * the chunk absent, and the next run starts from it again; a chunk already committed is never written twice. The
 * migration row is locked last, where the chunk's number is checked against the last one committed: "stale" when the
 * migration moved on or the chunk before was not written (another instance wrote it, or it failed), "stopped" when
 * the import ended or another run took it over; then nothing of the chunk commits and the caller reads again.
 */
async function writeChunk(
  db: Database,
  migrationId: number,
  prepared: PreparedChunk,
  plan: ImportPlan,
  runner?: string,
  timings?: ImportTimings,
  order: ChunkOrder = {},
): Promise<ChunkStep> {
  const started = performance.now();
  // The chunk's own times, added to the run's at the end: two chunks written at once must not read each other's.
  const own = timings ? newTimings() : undefined;
  const chunk = prepared.chunk;
  const step = await inTransaction(db, async (tx): Promise<ChunkStep> => {
    const checkMigration = async () => {
      const migration = await lockMigration(tx, migrationId);
      if (!migration || migration.status !== "in_progress") throw new ChunkNotWritten("stopped");
      // Another run took the import over (this one was thought dead): it carries on, this one stops.
      if (runner !== undefined && migration.runnerId !== runner) throw new ChunkNotWritten("stopped");
      if (migration.lastChunk !== prepared.afterChunk) throw new ChunkNotWritten("stale");
    };
    if (!chunk) {
      await checkMigration();
      return "done";
    }
    const outcome = await writeBatch(tx, chunk.batch, plan.mapping, plan.duplicates, migrationId, own, async () => {
      order.inserted?.();
      if (order.predecessor) {
        const before = await timed(own, "orderMs", () => order.predecessor!);
        if (before !== "written") throw new ChunkNotWritten("stale");
      }
    });
    await checkMigration();
    await recordBatch(tx, migrationId, { chunkNo: chunk.chunkNo, ...outcome });
    return "written";
  }).catch((error: unknown) => {
    if (error instanceof ChunkNotWritten) return error.step;
    throw error;
  });
  if (timings && own) {
    // The transaction's own time: all of it but the statements writeBatch timed and the wait for the chunk before.
    const statements = (["insertLeadsMs", "updateLeadsMs", "kpiMs", "referralsMs", "duplicatesMs", "rowErrorsMs", "orderMs"] as const).reduce(
      (sum, key) => sum + own[key],
      0,
    );
    own.transactionMs = performance.now() - started - statements;
    if (step === "written" && chunk) {
      own.chunks = 1;
      own.rows = chunk.batch.processed;
    }
    for (const key of Object.keys(own) as (keyof ImportTimings)[]) timings[key] += own[key];
  }
  return step;
}

/** Reads, validates and writes the next chunk, one after the other (runImport overlaps them). */
export async function importChunk(db: Database, migrationId: number): Promise<ChunkStep> {
  const plan = await importPlan(db, migrationId);
  if (!plan) return "stopped";
  return writeChunk(db, migrationId, await prepareChunk(db, migrationId, plan.lastChunk, plan), plan);
}

/** A chunk's rows through the mapping and the Add Lead validation, duplicates within it resolved by the policy. */
interface ValidatedBatch {
  processed: number;
  rows: ValidRow[];
  errors: RowError[];
  duplicatesInBatch: number;
  /** With the skip policy, the rows dropped for repeating an earlier row's email in this chunk. */
  skippedInBatch: { rowNumber: number; emailKey: string }[];
}

async function validateBatch(
  records: readonly string[][],
  firstRow: number,
  mapping: readonly (MigrationTarget | null)[],
  duplicates: DuplicatePolicy,
  timings?: ImportTimings,
): Promise<ValidatedBatch> {
  const errors: RowError[] = [];
  // Rows by email: a later row with the same email is skipped, or (update) merged over the earlier one.
  const byEmail = new Map<string, ValidRow>();
  let duplicatesInBatch = 0;
  const skippedInBatch: { rowNumber: number; emailKey: string }[] = [];
  const validate = (record: readonly string[], index: number) => {
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
    if (duplicates === "skip") skippedInBatch.push({ rowNumber: result.rowNumber, emailKey: result.emailKey });
    if (duplicates === "update") {
      byEmail.set(result.emailKey, {
        ...earlier,
        lead: { ...earlier.lead, ...result.lead },
        revenue: result.revenue ?? earlier.revenue,
      });
    }
  };
  for (let from = 0; from < records.length; from += VALIDATE_SLICE_ROWS) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    const to = Math.min(records.length, from + VALIDATE_SLICE_ROWS);
    for (let index = from; index < to; index++) validate(records[index]!, index);
    if (timings) timings.validateMs += performance.now() - started;
  }
  return { processed: records.length, rows: [...byEmail.values()], errors, duplicatesInBatch, skippedInBatch };
}

/**
 * A chunk's statements. `afterInsert` runs once its new leads are inserted, before anything else is written or read
 * (the wait for the chunk before, when two are written at once: runImportChunks).
 */
async function writeBatch(
  tx: Database,
  batch: ValidatedBatch,
  mapping: readonly (MigrationTarget | null)[],
  duplicates: DuplicatePolicy,
  migrationId: number,
  timings: ImportTimings | undefined,
  afterInsert: () => Promise<void>,
): Promise<BatchOutcome> {
  const { rows, errors, duplicatesInBatch } = batch;
  const fields = writtenFields(mapping);
  const pick = (lead: Partial<LeadInput>) => Object.fromEntries(fields.filter((field) => lead[field] !== undefined).map((field) => [field, lead[field]]));
  const picked = rows.map((row) => pick(row.lead));
  // New leads that name nobody take the import's assignment rule (nobody, one person, or staff in turn), a chunk's
  // turns taken at once in this transaction.
  const unassigned = unassignedCount(picked);
  const turns = unassigned > 0 ? await timed(timings, "insertLeadsMs", () => takeAssigneeTurns(tx, "import", unassigned)) : undefined;
  const { inserted, existing: matched } = await timed(timings, "insertLeadsMs", () => insertNewLeads(tx, fields, picked, turns));
  await afterInsert();
  const existing = rows.filter((row) => !inserted.has(row.emailKey));
  const updated =
    duplicates === "update" ? await timed(timings, "updateLeadsMs", () => updateExistingLeads(tx, fields, existing.map((row) => pick(row.lead)))) : new Map<string, number>();
  const leadIdOf = (row: ValidRow) => inserted.get(row.emailKey) ?? updated.get(row.emailKey);

  const revenue: { leadId: number; ytdRevenue: string }[] = [];
  const codes: { leadId: number; code: string }[] = [];
  for (const row of rows) {
    const leadId = leadIdOf(row);
    if (leadId === undefined) continue;
    if (row.revenue !== null) revenue.push({ leadId, ytdRevenue: row.revenue });
    if (row.lead.affiliateCode) codes.push({ leadId, code: row.lead.affiliateCode });
  }
  await timed(timings, "kpiMs", () => upsertYtdRevenue(tx, revenue));
  await timed(timings, "referralsMs", async () => {
    const credited = await creditReferrals(tx, codes);
    await emitEvents(tx, "referral.created", credited.map((referral) => ({ ...referral, source: "code" as const })));
  });
  // New leads whose phone number was already a lead's are imported and marked in the report (issue 26.4): an indexed
  // lookup each. The Add Lead form's other rules (a similar business or owner name) take a trigram scan per row, too
  // slow for a million rows: the Duplicates view's scheduled job finds those pairs across the whole table.
  const created = rows.flatMap((row) => {
    const leadId = inserted.get(row.emailKey);
    return leadId !== undefined && row.lead.phoneNumber ? [{ rowNumber: row.rowNumber, leadId }] : [];
  });
  const likely = (await timed(timings, "duplicatesMs", () => selectPhoneDuplicates(tx, created))).map(likelyDuplicateLine);
  await timed(timings, "rowErrorsMs", () =>
    insertRowErrors(tx, migrationId, [...(duplicates === "skip" ? [...errors, ...skippedLines(batch, existing, inserted, matched)] : errors), ...likely]),
  );

  const erroredRows = new Set(errors.map((error) => error.rowNumber)).size;
  const written = inserted.size + updated.size;
  const successful = written + (duplicates === "update" ? duplicatesInBatch : 0);
  return {
    processed: batch.processed,
    successful,
    updated: updated.size + (duplicates === "update" ? duplicatesInBatch : 0),
    skipped: batch.processed - erroredRows - successful,
    withErrors: erroredRows,
    likelyDuplicates: likely.length,
  };
}

const SKIPPED_DUPLICATE = errorMessage("migration.duplicate_skipped");
const LIKELY_DUPLICATE = errorMessage("migration.likely_duplicate");

/** The report's line for a new lead whose phone number was already a lead's: both leads, to compare and merge. */
function likelyDuplicateLine(match: { rowNumber: number; leadId: number; matchId: number }): RowError {
  return {
    rowNumber: match.rowNumber,
    field: "phoneNumber",
    code: "migration.likely_duplicate",
    message: englishErrorMessage(LIKELY_DUPLICATE),
    leadId: match.matchId,
    importedLeadId: match.leadId,
  };
}

/**
 * The report's line for each row skipped because its email was already a lead: in the table (the insert found it) or
 * written from an earlier row of this chunk. Each names the lead it matched, so the report links to it; a lead that
 * another import committed while this statement ran is not seen, and its row is skipped without one.
 */
function skippedLines(batch: ValidatedBatch, existing: readonly ValidRow[], inserted: Map<string, number>, matched: Map<string, number>): RowError[] {
  const line = (rowNumber: number, leadId: number | undefined): RowError => ({
    rowNumber,
    field: "email",
    code: "migration.duplicate_skipped",
    message: englishErrorMessage(SKIPPED_DUPLICATE),
    ...(leadId !== undefined ? { leadId } : {}),
  });
  return [
    ...existing.map((row) => line(row.rowNumber, matched.get(row.emailKey))),
    ...batch.skippedInBatch.map((row) => line(row.rowNumber, inserted.get(row.emailKey) ?? matched.get(row.emailKey))),
  ];
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
export async function runImport(deps: MigrationDeps, migrationId: number, runId: string): Promise<ImportTimings> {
  const timings = newTimings();
  // The leads it writes say on their timeline that this import created them.
  await runAsActor({ kind: "import", importId: migrationId }, () => runImportChunks(deps, migrationId, runId, timings));
  return timings;
}

async function runImportChunks(deps: MigrationDeps, migrationId: number, runId: string, timings: ImportTimings): Promise<void> {
  const deadline = Date.now() + RUN_SECONDS * 1000;
  // Each execution is its own runner, a retry of the same job too: a run thought dead that is still going must not
  // share the lease with the one that took over.
  const runner = `${runId}:${randomUUID()}`.slice(0, 80);
  if (!(await claimImport(deps.db, migrationId, runner, LEASE_SECONDS))) return;
  const plan = await importPlan(deps.db, migrationId);
  if (!plan) return;
  const renewal = setInterval(() => void renewLease(deps.db, migrationId, runner).catch(() => undefined), LEASE_RENEW_SECONDS * 1000);
  renewal.unref();
  // Two chunks at once on a PostgreSQL server (PGlite runs one transaction at a time) when rows are skipped, not
  // merged (see below); one at a time otherwise.
  const overlap = deps.config.databaseUrl !== undefined && plan.duplicates === "skip";
  /** Starts writing a prepared chunk; `inserted` settles once its new leads are in (or it ended without them). */
  const start = (prepared: PreparedChunk, predecessor?: Promise<ChunkStep>) => {
    let markInserted: () => void = () => undefined;
    const inserted = new Promise<void>((resolve) => (markInserted = resolve));
    const done = writeChunk(deps.db, migrationId, prepared, plan, runner, timings, { predecessor, inserted: () => markInserted() });
    done.then(markInserted, markInserted);
    // Settled here too: its failure is thrown where it is awaited, never unhandled.
    done.catch(() => undefined);
    return { done, inserted };
  };
  let writing: ReturnType<typeof start> | null = null;
  try {
    let upcoming = prepareChunk(deps.db, migrationId, plan.lastChunk, plan, timings);
    for (;;) {
      const prepared = await timed(timings, "waitMs", () => upcoming);
      upcoming = prepared.chunk
        ? prepareChunk(deps.db, migrationId, prepared.chunk.chunkNo, plan, timings)
        : Promise.resolve({ afterChunk: prepared.afterChunk, chunk: null });
      // Settled here too, so a read that fails after this run has returned is not an unhandled rejection.
      upcoming.catch(() => undefined);
      // Two chunks at once: the next one starts once this one's new leads are inserted, and waits to go on until this
      // one has committed (writeChunk). PostgreSQL's two backends then work on the two cores: the next chunk's insert
      // and its index entries beside this chunk's KPI rows, lookups and commit. Its insert already waits, in the
      // database, for anything this chunk holds (a counter's row, an email this chunk inserted), and this chunk never
      // waits for the next: after its insert it only writes rows the next one reaches later. With duplicates merged
      // into existing leads, the update of one chunk could wait for the insert of the next: one at a time then.
      let step: ChunkStep;
      if (writing && prepared.chunk) {
        const previous = writing;
        await previous.inserted;
        writing = start(prepared, previous.done);
        step = await previous.done;
      } else if (writing) {
        // The end of the file: the last chunk commits before the migration is checked for completion.
        const previous = writing;
        writing = null;
        step = await previous.done;
        if (step === "written") step = await start(prepared).done;
      } else if (overlap && prepared.chunk) {
        // The first chunk of a run: its outcome is taken once the next one has started beside it.
        writing = start(prepared);
        continue;
      } else {
        step = await start(prepared).done;
      }
      // PGlite runs each statement synchronously and settles it as a microtask, so a run of statements never lets the
      // event loop read a socket: without this turn, every request (the progress the tab polls for) waited for the
      // whole run.
      await new Promise((resolve) => setImmediate(resolve));
      if (step !== "written") {
        // A chunk started after it is not written either: it waited for this one, and rolls back.
        await writing?.done.catch(() => undefined);
        writing = null;
        if (step === "stopped") return;
        if (step === "done") return await completeMigration(deps.db, migrationId);
        const now = await importPlan(deps.db, migrationId);
        if (!now) return;
        upcoming = prepareChunk(deps.db, migrationId, now.lastChunk, plan, timings);
        continue;
      }
      if (Date.now() > deadline) {
        // The chunk still being written finishes first (whatever it comes to, the next run reads where the import
        // stands); then the lease is let go and the next run queued together: it takes over at once, on any instance.
        if (writing) await writing.done;
        writing = null;
        await inTransaction(deps.db, async (tx) => {
          if (await releaseLease(tx, migrationId, runner)) await deps.jobs.send(importMigrationJob, { migrationId }, IMPORT_JOB_OPTIONS, tx);
        });
        return;
      }
    }
  } catch (error) {
    // The chunk still being written ends first (it waited for the one that failed); then the retry (a new runner) may
    // take over at once instead of waiting for the lease to go stale.
    await writing?.done.catch(() => undefined);
    await releaseLease(deps.db, migrationId, runner).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renewal);
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
      return await runImport(context, migrationId, run.id);
    } catch (error) {
      if (isLastAttempt(run)) await failMigration(context.db, migrationId, failureReason(error));
      throw error;
    }
  },
});

type WatchedStatus = "uploading" | "awaiting_mapping" | "in_progress";

/** Queues the watch over a migration in `status`, to look again in `afterSeconds`, inside the caller's transaction. */
async function watch(deps: MigrationDeps, tx: Database, migrationId: number, status: WatchedStatus, afterSeconds: number): Promise<void> {
  await deps.jobs.send(watchMigrationJob, { migrationId, status }, { startAfter: Math.max(1, Math.ceil(afterSeconds)), retryLimit: 10, retryDelay: 5, expireInSeconds: 60 }, tx);
}

/**
 * Looks at one unfinished migration, from whichever instance is up, and acts on what it finds:
 * - uploading, with no heartbeat for UPLOAD_ALIVE_SECONDS: the instance receiving it died; it expires (staged rows
 *   deleted);
 * - awaiting its mapping for longer than MIGRATION_UPLOAD_EXPIRY_MINUTES: it expires the same way;
 * - in progress, with a lease not renewed for LEASE_SECONDS: the run holding it died; a new run is queued, and takes
 *   the lease over.
 * With `keepWatching`, looks again when the next of those could happen, for as long as the migration stays in the
 * status this watch was queued for (each change of status queues its own watch, so one watch chain is live at a time).
 */
export async function watchMigration(deps: MigrationDeps, migrationId: number, watched: WatchedStatus | null): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const migration = await watchedMigration(tx, migrationId);
    if (!migration || (watched !== null && migration.status !== watched)) return;
    const age = migration.heartbeatAgeMs / 1000;
    const again = (seconds: number) => (watched !== null ? watch(deps, tx, migrationId, watched, seconds) : undefined);
    if (migration.status === "uploading" || migration.status === "awaiting_mapping") {
      const limit = migration.status === "uploading" ? UPLOAD_ALIVE_SECONDS : deps.config.migration.uploadExpiryMs / 1000;
      if (age >= limit) await expireUpload(tx, migrationId);
      else await again(limit - age);
      return;
    }
    if (migration.status !== "in_progress") return;
    if (age >= LEASE_SECONDS) await deps.jobs.send(importMigrationJob, { migrationId }, IMPORT_JOB_OPTIONS, tx);
    await again(LEASE_SECONDS);
  });
}

/**
 * The watch over one migration (queued with each change of its status), and every minute over all unfinished ones:
 * the safety net for a watch whose instance died while it ran, and for uploads from before watches existed.
 */
export const watchMigrationJob = defineJob({
  name: "migration.watch",
  payload: z.object({ migrationId: z.number().int().positive(), status: z.enum(["uploading", "awaiting_mapping", "in_progress"]) }).partial(),
  pollingIntervalSeconds: 1,
  schedule: "* * * * *",
  handler: async (context, { migrationId, status }) => {
    if (migrationId !== undefined && status !== undefined) return watchMigration(context, migrationId, status);
    for (const id of await unfinishedMigrationIds(context.db)) await watchMigration(context, id, null);
  },
});
