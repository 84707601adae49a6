import { z } from "zod";
import {
  LEAD_BULK_MAX_FAILURES,
  leadBulkActionPermission,
  leadBulkFinished,
  leadBulkValueSchemas,
  type LeadBulkAction,
  type LeadBulkJob,
  type LeadBulkJobStatus,
} from "@contract/lead-bulk";
import { DEFAULT_PIPELINE_STAGE, leadFilterSchema } from "@contract/leads";
import type { TimelineActor } from "@contract/timeline";
import type { Database } from "../../db/client";
import { LEAD_EXPORT_HEADERS } from "../../db/queries/lead-list";
import { actorLabel } from "../../kernel/actor";
import { actorOfPrincipal, setTransactionActor } from "../../kernel/actor-context";
import { recordAudit } from "../../kernel/audit";
import type { CsvExport } from "../../kernel/http/csv-export";
import { badRequest, conflict, forbidden, notFound } from "../../kernel/http/errors";
import { defineJob } from "../../kernel/jobs/job-kind";
import type { JobQueue } from "../../kernel/jobs/job-context";
import { ALL_LEADS, currentLeadScope, runInLeadScope, type LeadScope } from "../../kernel/lead-scope";
import { hasPermission, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { laneBatch, laneStarts, nextLanePosition } from "./lead-bulk-lanes";
import {
  advanceLane,
  changeLeadBatch,
  deleteLeadBatch,
  exportFileChunks,
  exportLeadBatch,
  findBulkJob,
  findStageName,
  insertBulkJob,
  lockBulkJob,
  recentBulkJobs,
  requestCancel,
  selectFilteredLeadIds,
  updateBulkJob,
  type BatchOutcome,
  type LeadBulkJobRow,
} from "./lead-bulk.data";
import { isActiveStaff } from "../../db/queries/active-staff";

/**
 * Leads per batch (one transaction each). LEAD_BULK_BATCH_SIZE overrides it, read when a job is stored (its lanes'
 * stripes keep that size): tests set a small one to cancel or crash a job half-way.
 */
export const LEAD_BULK_BATCH_SIZE = 5_000;
const batchSize = () => {
  const fromEnv = Number(process.env.LEAD_BULK_BATCH_SIZE);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : LEAD_BULK_BATCH_SIZE;
};

/**
 * Lanes per job: batches that run side by side, each on a connection of its own (lead-bulk-lanes.ts). Two keep both
 * cores of a small host busy; LEAD_BULK_LANES overrides it (1 to 8), read when a job is stored.
 */
export const LEAD_BULK_LANES = 2;
const laneCount = () => {
  const fromEnv = Number(process.env.LEAD_BULK_LANES);
  return Number.isInteger(fromEnv) && fromEnv >= 1 && fromEnv <= 8 ? fromEnv : LEAD_BULK_LANES;
};

export function toBulkJob(row: LeadBulkJobRow): LeadBulkJob {
  return {
    id: row.id,
    status: row.status as LeadBulkJobStatus,
    action: row.action as LeadBulkAction,
    value: row.value,
    total: row.total,
    done: row.done,
    changed: row.changed,
    skipped: row.skipped,
    failed: row.failed,
    failures: row.failures,
    hasFile: row.action === "export" && row.status === "done",
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export interface BulkRequest {
  ids?: number[] | undefined;
  filter?: z.output<typeof leadFilterSchema> | undefined;
  expectedTotal?: number | undefined;
  action: LeadBulkAction;
  value?: unknown;
}

export const runLeadBulkJob = defineJob({
  name: "leads.bulk",
  payload: z.object({ jobId: z.number().int().positive() }),
  pollingIntervalSeconds: 1,
  handler: async (context, { jobId }) => runBulkJob(context.db, jobId),
});

/**
 * The value as stored: an assignee's staff id as text (an unknown or deactivated person is a 400 naming `value`); a
 * stage takes its stored name's letter case (an unknown stage is a 400 naming `value`).
 */
async function storedValue(db: Database, action: LeadBulkAction, raw: unknown): Promise<string | null> {
  const parsed = leadBulkValueSchemas[action].parse(raw ?? null) as string | number | null;
  if (action === "assign" && typeof parsed === "number") {
    if (!(await isActiveStaff(db, parsed))) throw badRequest("value", "lead.unknown_assignee", { assigneeId: parsed });
    return String(parsed);
  }
  const value = parsed === null ? null : String(parsed);
  if (action !== "stage" || value === null) return value;
  const stored = await findStageName(db, value);
  if (stored) return stored;
  if (value.toLowerCase() === DEFAULT_PIPELINE_STAGE.toLowerCase()) return DEFAULT_PIPELINE_STAGE;
  throw badRequest("value", "lead_bulk.unknown_stage", { stage: value });
}

/**
 * Starts a bulk action: checks the action's own permission, resolves the selection to lead ids (a filter must still
 * select the count the person confirmed: 409 otherwise) and stores the job with its queued run in one transaction.
 */
export async function startBulk(deps: { db: Database; jobs: JobQueue }, principal: Principal, request: BulkRequest): Promise<LeadBulkJob> {
  const needed = leadBulkActionPermission[request.action];
  if (!hasPermission(principal, needed)) throw forbidden(request.action === "delete" ? "lead_bulk.delete_forbidden" : "lead_bulk.export_forbidden");
  const value = await storedValue(deps.db, request.action, request.value);
  let leadIds: number[];
  if (request.ids) {
    leadIds = [...new Set(request.ids)].sort((a, b) => a - b);
  } else {
    leadIds = await selectFilteredLeadIds(deps.db, { ...request.filter, me: { id: principal.user.id } });
    if (leadIds.length !== request.expectedTotal) {
      throw conflict("lead_bulk.count_changed", { field: "expectedTotal", params: { current: leadIds.length, expected: request.expectedTotal ?? 0 } });
    }
  }
  // The job keeps the lead scope it was asked for in (the request's), and every batch runs inside it, however much later.
  const scope = currentLeadScope();
  const selection = {
    ...(request.ids ? { ids: request.ids.length } : { filter: request.filter, expectedTotal: request.expectedTotal }),
    ...(scope.kind === "all" ? {} : { scope }),
  };
  const size = batchSize();
  return inTransaction(deps.db, async (tx) => {
    const row = await insertBulkJob(tx, {
      userId: principal.user.id,
      actor: actorOfPrincipal(principal),
      auditLabel: actorLabel(principal),
      action: request.action,
      value,
      selection,
      leadIds,
      total: leadIds.length,
      batchSize: size,
      laneNext: laneStarts(laneCount(), size),
    });
    await deps.jobs.send(runLeadBulkJob, { jobId: row.id }, { retryLimit: 5, retryDelay: 2, expireInSeconds: 3600 }, tx);
    return toBulkJob(row);
  });
}

export async function getBulk(db: Database, principal: Principal, id: number): Promise<LeadBulkJob> {
  const row = await findBulkJob(db, id, principal.user.id);
  if (!row) throw notFound("lead_bulk.not_found");
  return toBulkJob(row);
}

export const listBulk = async (db: Database, principal: Principal) => (await recentBulkJobs(db, principal.user.id)).map(toBulkJob);

export async function cancelBulk(db: Database, principal: Principal, id: number): Promise<LeadBulkJob> {
  const row = await findBulkJob(db, id, principal.user.id);
  if (!row) throw notFound("lead_bulk.not_found");
  if (!(await requestCancel(db, id, principal.user.id))) throw conflict("lead_bulk.not_running");
  return getBulk(db, principal, id);
}

/**
 * A finished export's CSV, streamed chunk by chunk. The job is checked as the first batch is read, before anything is
 * sent, so an unknown job or one without a file still answers 404 with its code.
 */
export function bulkFile(db: Database, principal: Principal, id: number): CsvExport<never> {
  async function* batches() {
    const row = await findBulkJob(db, id, principal.user.id);
    if (!row) throw notFound("lead_bulk.not_found");
    if (row.action !== "export" || row.status !== "done") throw notFound("lead_bulk.no_file");
    yield* exportFileChunks(db, id);
  }
  return { name: `leads-bulk-${id}`, header: LEAD_EXPORT_HEADERS, batches: batches() };
}

/**
 * Runs (or resumes) a job to its end: its lanes side by side, each batch in a transaction of its own that changes the
 * leads with their audit rows, events and timeline entries and moves the lane on, so a crash loses at most the batches
 * under way, which then never happened. Once every lane has stopped, the job is finished (done or cancelled) with its
 * one audit entry. A lane that failed fails the run, after the others stopped, and the queue's retry resumes them all.
 */
export async function runBulkJob(db: Database, jobId: number): Promise<void> {
  const job = await findBulkJob(db, jobId);
  if (!job) return;
  // The first lane to fail stops the others at their next batch.
  let failing = false;
  const runLane = async (lane: number) => {
    try {
      while (!failing && (await runBulkBatch(db, jobId, lane))) continue;
    } catch (error) {
      failing = true;
      throw error;
    }
  };
  const lanes = await Promise.allSettled(job.laneNext.map((_, lane) => runLane(lane)));
  const failed = lanes.find((lane) => lane.status === "rejected");
  if (failed) throw failed.reason;
  await finishBulk(db, jobId);
}

/** Another runner of the same job did this lane's batch first: this one is rolled back and the lane reads its place again. */
class LaneTaken extends Error {}

/** One batch of a lane; false once the lane has nothing left, or the job was cancelled, finished or not found. */
export async function runBulkBatch(db: Database, jobId: number, lane = 0): Promise<boolean> {
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        const job = await findBulkJob(tx, jobId);
        if (!job || job.status === "cancelling" || leadBulkFinished.includes(job.status as LeadBulkJobStatus)) return false;
        const position = job.laneNext[lane];
        if (position === undefined) return false;
        const ids = laneBatch(job.leadIds, position, job.batchSize);
        if (ids.length === 0) return false;
        await setTransactionActor(tx, job.actor as TimelineActor);
        const outcome = await runInLeadScope(jobScope(job), () => applyBatch(tx, job, ids, position));
        const progress = {
          done: ids.length,
          changed: outcome.changed,
          skipped: outcome.skipped,
          failures: outcome.missing.map((leadId) => ({ leadId, code: "lead_bulk.lead_missing" })),
        };
        const to = nextLanePosition(position, job.laneNext.length, job.batchSize);
        if (!(await advanceLane(tx, jobId, lane, position, to, progress, LEAD_BULK_MAX_FAILURES))) throw new LaneTaken();
        return true;
      });
    } catch (error) {
      if (!(error instanceof LaneTaken)) throw error;
    }
  }
}

/** Finishes a job whose lanes have stopped: cancelled when asked to, done when every lane is past the end. */
async function finishBulk(db: Database, jobId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockBulkJob(tx, jobId);
    if (!job || leadBulkFinished.includes(job.status as LeadBulkJobStatus)) return;
    if (job.status === "cancelling") await finish(tx, job, "cancelled");
    else if (job.laneNext.every((position) => position >= job.leadIds.length)) await finish(tx, job, "done");
  });
}

/**
 * The lead scope a job was asked for in (kept in its selection): a restricted agent's job changes, deletes and exports
 * only their own and unassigned leads, whoever runs it. A job stored without one (asked for by someone who sees every
 * lead, or before scopes) acts on every lead.
 */
function jobScope(job: LeadBulkJobRow): LeadScope {
  const scope = (job.selection as { scope?: { kind?: unknown; userId?: unknown } } | null)?.scope;
  return scope?.kind === "own" && typeof scope.userId === "number" ? { kind: "own", userId: scope.userId } : ALL_LEADS;
}

/** One batch's work; an export's chunk is numbered by the batch's position, so the file reads in id order whichever lane wrote it. */
async function applyBatch(tx: Database, job: LeadBulkJobRow, ids: number[], position: number): Promise<BatchOutcome> {
  const actor = job.actor as TimelineActor;
  const name = "name" in actor && actor.name ? actor.name : "";
  const who = { userId: job.userId, label: job.auditLabel };
  const action = job.action as LeadBulkAction;
  if (action === "delete") return deleteLeadBatch(tx, ids, who);
  if (action === "export") return exportLeadBatch(tx, job.id, position, ids);
  const email = (job.auditLabel ?? "").split(" ")[0] ?? "";
  return changeLeadBatch(tx, ids, action, job.value, { ...who, movedBy: { id: job.userId, name, email } });
}

/** Ends the job, with the one audit entry for the whole action and its counts. */
async function finish(tx: Database, job: LeadBulkJobRow, status: "done" | "cancelled"): Promise<void> {
  await updateBulkJob(tx, job.id, { status, finishedAt: new Date() });
  await recordAudit(tx, {
    userId: job.userId,
    userEmail: job.auditLabel,
    action: `lead.bulk.${job.action}`,
    message: {
      code: "lead.bulk_finished",
      params: { jobId: job.id, action: job.action, status, total: job.total, changed: job.changed, skipped: job.skipped, failed: job.failed },
    },
  });
}

