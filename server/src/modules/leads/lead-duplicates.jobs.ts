import { z } from "zod";
import type { Database } from "../../db/client";
import { defineJob } from "../../kernel/jobs/job-kind";
import { inTransaction } from "../../kernel/transaction";
import { deletePairsAfter, lockScanState, rebuildDuplicateNames, scanDuplicateChunk, searchSimilarNames, updateScanState, walkInProgress } from "./lead-duplicates.data";

/** Leads per chunk: each chunk is one transaction (its pairs and the walk's cursor together). */
export const DUPLICATE_SCAN_CHUNK = 2_000;
/**
 * Distinct names per batch of the similar-name step, each batch one transaction with its cursor: a few seconds each
 * at 1M leads on a loaded machine (one trigram search per name, 13 to 25 ms each there), so a run stops close to its budget.
 */
export const DUPLICATE_NAME_BATCH = 250;
/** How long one run works before leaving the rest of the walk to the next run (under pg-boss's 15 min expiry). */
export const DUPLICATE_SCAN_BUDGET_MS = 10 * 60_000;
/** A finished walk is started again once it is this old (the job runs hourly). */
export const DUPLICATE_SCAN_EVERY_MS = 60 * 60_000;

export interface DuplicateScanOptions {
  chunk?: number;
  nameBatch?: number;
  budgetMs?: number;
  /** Start a new walk even though the last one finished less than DUPLICATE_SCAN_EVERY_MS ago. */
  force?: boolean;
  now?: () => number;
  /** Told the running totals after each batch of names and each chunk of leads (the bench's progress lines). */
  onChunk?: (totals: DuplicateScanResult) => void;
}

export interface DuplicateScanResult {
  /** What the run did: nothing (the last walk is recent), worked on a walk and stopped at its budget, or finished one. */
  outcome: "idle" | "paused" | "finished";
  leads: number;
  pairs: number;
  removed: number;
  chunks: number;
  cursorId: number;
  /** Distinct names whose similar names this run searched, and in how many batches. */
  names: number;
  nameBatches: number;
  /** Time this run spent on the walk's name step: listing the leads' names (when it started the walk) and searching them. */
  namesSeconds: number;
}

/**
 * A walk, resumable at every step: it starts by listing the leads' names (rebuildDuplicateNames, one transaction),
 * then searches each distinct name's similar names, a batch of names per transaction with the name cursor
 * (searchSimilarNames), then walks every lead in id order, a chunk per transaction storing the chunk's likely pairs
 * (scanDuplicateChunk) with the lead cursor. A crash loses at most the batch under way, and the next run resumes
 * after the last one stored; a run stops at its budget after the batch under way. A walk ends with finished_at,
 * which GET /api/leads/duplicates shows as lastRunAt. Several instances share one walk: each batch locks the walk's
 * state, so they take turns.
 */
export async function runDuplicateScan(db: Database, options: DuplicateScanOptions = {}): Promise<DuplicateScanResult> {
  const now = options.now ?? Date.now;
  const chunk = options.chunk ?? DUPLICATE_SCAN_CHUNK;
  const nameBatch = options.nameBatch ?? DUPLICATE_NAME_BATCH;
  const deadline = now() + (options.budgetMs ?? DUPLICATE_SCAN_BUDGET_MS);
  const result: DuplicateScanResult = { outcome: "paused", leads: 0, pairs: 0, removed: 0, chunks: 0, cursorId: 0, names: 0, nameBatches: 0, namesSeconds: 0 };

  const started = await inTransaction(db, async (tx) => {
    const state = await lockScanState(tx);
    if (walkInProgress(state)) return true;
    const recent = state.finishedAt !== null && now() - state.finishedAt.getTime() < DUPLICATE_SCAN_EVERY_MS;
    if (recent && !options.force) return false;
    const namesStart = now();
    await rebuildDuplicateNames(tx);
    result.namesSeconds += (now() - namesStart) / 1000;
    await updateScanState(tx, { phase: "names", nameKind: "b", nameCursor: "", cursorId: 0, started: true });
    return true;
  });
  if (!started) return { ...result, outcome: "idle" };

  for (;;) {
    const stepStart = now();
    const step = await inTransaction(db, async (tx) => {
      const state = await lockScanState(tx);
      if (!walkInProgress(state)) return { done: true, names: false, cursorId: state.cursorId };
      if (state.phase === "names") {
        const batch = await searchSimilarNames(tx, state.nameKind, state.nameCursor, nameBatch);
        if (batch.last !== null) await updateScanState(tx, { nameCursor: batch.last });
        // Business names first, then owners' names, then the leads.
        else if (state.nameKind === "b") await updateScanState(tx, { nameKind: "o", nameCursor: "" });
        else await updateScanState(tx, { phase: "leads", cursorId: 0 });
        result.names += batch.names;
        if (batch.names > 0) result.nameBatches += 1;
        return { done: false, names: true, cursorId: 0 };
      }
      const outcome = await scanDuplicateChunk(tx, state.cursorId, chunk);
      if (outcome.lastId === null) {
        result.removed += await deletePairsAfter(tx, state.cursorId);
        await updateScanState(tx, { cursorId: 0, finished: true });
        return { done: true, names: false, cursorId: 0 };
      }
      await updateScanState(tx, { cursorId: outcome.lastId });
      result.leads += outcome.leads;
      result.pairs += outcome.pairs;
      result.removed += outcome.removed;
      result.chunks += 1;
      return { done: false, names: false, cursorId: outcome.lastId };
    });
    if (step.names) result.namesSeconds += (now() - stepStart) / 1000;
    result.cursorId = step.cursorId;
    options.onChunk?.(result);
    if (step.done) return { ...result, outcome: "finished" };
    if (now() >= deadline) return result;
  }
}

/**
 * The likely duplicate pairs across every lead, for the Duplicates view (GET /api/leads/duplicates): hourly, each run
 * working up to DUPLICATE_SCAN_BUDGET_MS on the walk under way (a million leads take more than one run), then a new
 * walk an hour after the last one finished.
 */
export const scanLeadDuplicatesJob = defineJob({
  name: "leads.duplicate-pairs",
  // force: asked for from the Duplicates view (POST /api/leads/duplicates/scan), a new walk even when the last is
  // recent; a walk under way is continued either way (runDuplicateScan looks at that first).
  payload: z.object({ force: z.boolean().optional() }),
  handler: async ({ db }, { force }) => runDuplicateScan(db, { force }),
  schedule: "29 * * * *",
});

export const leadDuplicateJobs = [scanLeadDuplicatesJob];
