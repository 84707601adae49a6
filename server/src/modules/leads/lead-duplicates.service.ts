import { DUPLICATE_MATCHES_MAX, type DuplicateCheckBody, type DuplicateMatch } from "@contract/lead-duplicates";
import { leadSummarySchema } from "@contract/leads";
import type { z } from "zod";
import type { duplicatePairsPageSchema, duplicatePairsQuerySchema } from "@contract/lead-duplicates";
import type { Database } from "../../db/client";
import { findLeadById } from "../../db/queries/lead-record";
import { badRequest } from "../../kernel/http/errors";
import type { JobQueue } from "../../kernel/jobs/job-context";
import { leadGone } from "../../kernel/lead-gone";
import { byStrength, rankedDuplicateCandidates } from "../../db/queries/lead-duplicates";
import { scanLeadDuplicatesJob } from "./lead-duplicates.jobs";
import { selectPairPage, selectScanSummary, selectProbeOf, type DuplicateProbe } from "./lead-duplicates.data";

async function matchesOf(db: Database, probe: DuplicateProbe): Promise<DuplicateMatch[]> {
  const candidates = await rankedDuplicateCandidates(db, probe, DUPLICATE_MATCHES_MAX);
  const matches: DuplicateMatch[] = [];
  for (const candidate of candidates) {
    const lead = await findLeadById(db, candidate.id);
    if (lead) matches.push({ lead: leadSummarySchema.parse(lead), reasons: candidate.reasons, confidence: candidate.confidence });
  }
  return matches;
}

/** Likely duplicates of a form's unsaved input (Add Lead, Edit Lead). */
export function checkDuplicates(db: Database, body: DuplicateCheckBody): Promise<DuplicateMatch[]> {
  const ownerName = [body.firstName, body.lastName].filter((part) => part?.trim()).join(" ");
  return matchesOf(db, { email: body.email, phone: body.phone, businessName: body.businessName, ownerName, excludeId: body.excludeId });
}

/**
 * Likely duplicates of a stored lead (404 when no lead within the request's scope has the id, 410 with mergedInto for
 * one merged away into a lead within it).
 */
export async function duplicatesOfLead(db: Database, id: number): Promise<DuplicateMatch[]> {
  const probe = await selectProbeOf(db, id);
  if (!probe) throw await leadGone(db, id);
  return matchesOf(db, probe);
}

const CURSOR = /^(\d+(?:\.\d+)?):(\d+):(\d+)$/;

/** A page of the likely pairs the scheduled job stored, most confident first. */
export async function listPairs(db: Database, query: z.output<typeof duplicatePairsQuerySchema>): Promise<z.input<typeof duplicatePairsPageSchema>> {
  let after: { confidence: number; leadA: number; leadB: number } | null = null;
  if (query.cursor) {
    const parts = CURSOR.exec(query.cursor);
    if (!parts) throw badRequest("cursor", "lead_duplicates.cursor_invalid");
    after = { confidence: Number(parts[1]), leadA: Number(parts[2]), leadB: Number(parts[3]) };
  }
  const rows = await selectPairPage(db, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const pairs = [];
  for (const row of page) {
    const [leadA, leadB] = await Promise.all([findLeadById(db, row.leadA), findLeadById(db, row.leadB)]);
    if (!leadA || !leadB) continue;
    pairs.push({ leadA: leadSummarySchema.parse(leadA), leadB: leadSummarySchema.parse(leadB), reasons: byStrength(row.reasons), confidence: row.confidence, computedAt: row.computedAt });
  }
  const last = page.at(-1);
  return {
    pairs,
    nextCursor: rows.length > query.limit && last ? `${last.confidence}:${last.leadA}:${last.leadB}` : null,
    ...(await selectScanSummary(db)),
  };
}

/**
 * Queues the pairs job now with force: a fresh walk even when the last one is recent. A walk under way is continued
 * rather than started over, since runDuplicateScan checks for one before it looks at force.
 */
export async function queueDuplicateScan(jobs: JobQueue): Promise<{ queued: true }> {
  await jobs.send(scanLeadDuplicatesJob, { force: true }, { retryLimit: 0 });
  return { queued: true };
}
