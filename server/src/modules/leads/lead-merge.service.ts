import { mergeableLeadFields, type LeadMergeReply } from "@contract/lead-duplicates";
import type { z } from "zod";
import type { leadMergeBodySchema } from "@contract/lead-duplicates";
import type { Database } from "../../db/client";
import { findLeadById } from "../../db/queries/lead-record";
import { ALL_LEADS, runInLeadScope } from "../../kernel/lead-scope";
import type { leads } from "../../db/schema";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { emitEvent } from "../../kernel/events";
import { badRequest, conflict, notFound } from "../../kernel/http/errors";
import { leadGone } from "../../kernel/lead-gone";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { eventActor, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { isUniqueViolation } from "../../lib/db-errors";
import {
  deleteMergedLead,
  insertMergeRecord,
  lockMergePair,
  moveLeadRecords,
  selectMergeAttachments,
  updateKeptLead,
  writeMergeTimeline,
  type MergeLeadRow,
} from "./lead-merge.data";

type MergeBody = z.output<typeof leadMergeBodySchema>;
type LeadPatch = Partial<typeof leads.$inferInsert>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The kept lead's tags, then the other's it lacks (compared ignoring letter case), in their order. */
export function unionTags(kept: readonly string[], other: readonly string[]): string[] {
  const seen = new Set(kept.map((tag) => tag.toLowerCase()));
  return [...kept, ...other.filter((tag) => !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()))];
}

/**
 * 404 for an id no lead ever had or one outside the request's lead scope, 410 (with the kept lead) for one merged away
 * earlier into a lead within it.
 */
const missing = (db: Database, id: number, code: "lead.not_found" | "lead_duplicates.other_not_found") =>
  leadGone(db, id, () => (code === "lead.not_found" ? notFound(code) : notFound(code, { field: "otherId", params: { otherId: id } })));

/**
 * Merges lead `otherId` into lead `keptId` in one transaction (contract MERGE_RULES): the kept lead takes the chosen
 * fields and the union of both leads' tags, every record of the other moves to it, the other lead's row is deleted
 * (so it leaves lists, search and every count the triggers keep) and its id points to the kept lead in lead_merges,
 * with its values. One audit row, one lead.merged event, one timeline entry. Any failure rolls all of it back.
 */
export async function mergeLeads(db: Database, keptId: number, body: MergeBody, principal: Principal, meta: RequestMeta): Promise<LeadMergeReply> {
  const otherId = body.otherId;
  if (otherId === keptId) throw badRequest("otherId", "lead_duplicates.merge_self");
  const moved = await inTransaction(db, async (tx) => {
    const { kept, other } = await lockMergePair(tx, keptId, otherId);
    if (!kept) throw await missing(tx, keptId, "lead.not_found");
    if (!other) throw await missing(tx, otherId, "lead_duplicates.other_not_found");

    const keptExtras = await selectMergeAttachments(tx, keptId);
    const otherExtras = await selectMergeAttachments(tx, otherId);
    // One referral per lead: when both were referred the kept lead's stays and the other's goes with its lead. A
    // commission already paid for the other cannot be taken back by a merge: a person settles it first.
    if (keptExtras.referral && otherExtras.referral?.commissions.some((commission) => commission.status === "paid")) {
      throw conflict("lead_duplicates.paid_commission", { field: "otherId", params: { otherId } });
    }

    const patch: LeadPatch = {};
    const changes: { field: string; from: unknown; to: unknown }[] = [];
    for (const field of mergeableLeadFields) {
      if (field === "tags" || body.fields[field] !== "other") continue;
      const key = field as keyof MergeLeadRow & keyof LeadPatch;
      if (same(kept[key], other[key])) continue;
      (patch as Record<string, unknown>)[key] = other[key];
      changes.push({ field, from: kept[key], to: other[key] });
    }
    const tags = unionTags(kept.tags, other.tags);
    if (!same(tags, kept.tags)) {
      patch.tags = tags;
      changes.push({ field: "tags", from: kept.tags, to: tags });
    }

    const counts = await moveLeadRecords(tx, keptId, otherId, !keptExtras.kpi, !keptExtras.referral);
    await insertMergeRecord(tx, {
      mergedId: otherId,
      keptId,
      mergedBy: principal.user.id,
      values: {
        lead: other,
        kpi: otherExtras.kpi,
        referral: otherExtras.referral,
        // What stayed with the merged-away lead (deleted with it) because the kept lead already had its own.
        kpiKept: Boolean(keptExtras.kpi && otherExtras.kpi),
        referralVoided: Boolean(keptExtras.referral && otherExtras.referral),
      },
      chosen: body.fields,
    });
    // The other lead goes first: the kept lead may take its email, unique among leads.
    await deleteMergedLead(tx, otherId);
    if (Object.keys(patch).length > 0) await updateKeptLead(tx, keptId, patch);

    const businessName = (patch.businessName as string | undefined) ?? kept.businessName;
    const timeline = await writeMergeTimeline(tx, keptId, otherId, changes, { mergedId: otherId, businessName: other.businessName, email: other.email });
    const changedFields = changes.map((change) => change.field);
    await emitEvent(tx, "lead.merged", {
      leadId: keptId,
      businessName,
      mergedId: otherId,
      mergedBusinessName: other.businessName,
      changedFields,
      mergedBy: eventActor(principal),
    });
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "lead.merge",
      message: {
        code: "lead.merged",
        params: { mergedId: otherId, mergedBusinessName: other.businessName, mergedEmail: other.email, leadId: keptId, businessName },
      },
      meta,
    });
    return { ...counts, timeline };
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "leads_email_lower_idx")) throw conflict("lead.email_taken", { field: "email" });
    throw error;
  });
  // Read whatever the scope: the merge may have taken the other lead's assignee, moving the kept lead out of it.
  const lead = await runInLeadScope(ALL_LEADS, () => findLeadById(db, keptId));
  if (!lead) throw notFound("lead.not_found");
  return { lead, mergedId: otherId, moved: { ...moved } };
}
