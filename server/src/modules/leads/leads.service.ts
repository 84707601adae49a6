import { DEFAULT_PIPELINE_STAGE, effectiveLeadSort, leadStatusSchema, type CreatedLead, type Lead, type LeadAttribution, type LeadInput, type LeadListQuery, type LeadSort, type LeadUpdate } from "@contract/leads";
import type { Database } from "../../db/client";
import { findAffiliateByCode } from "../../db/queries/affiliate-code";
import { takeAssignee } from "../../db/queries/lead-assignment";
import { leadExportBatches, leadExportSelection, selectLeadPageCounted, type LeadQueryFilter } from "../../db/queries/lead-list";
import type { CsvExport } from "../../kernel/http/csv-export";
import { badRequest, conflict, notFound } from "../../kernel/http/errors";
import { leadGone } from "../../kernel/lead-gone";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { isUniqueViolation } from "../../lib/db-errors";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor";
import { recordAudit } from "../../kernel/audit";
import { actorLabel } from "../../kernel/actor";
import { emitEvent } from "../../kernel/events";
import { eventActor, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { isActiveStaff } from "../../db/queries/active-staff";
import { deleteLeadRow, findLeadById, findLeadUnscoped, insertLead, insertReferral, lockLeadState, updateLeadRow } from "./leads.data";

export interface LeadPage {
  /** The page as a JSON array of Lead documents, serialised by the database. */
  leadsJson: string;
  total: number;
  exact: boolean;
  nextCursor: string | null;
}

/** Who assignee=me names: the signed-in person (or the person whose API key this is), by staff id. */
export type ListingPerson = { id: number } | null;

/** The list's filters as the query gives them, with the person 'me' names. */
const queryFilter = ({ limit: _l, offset: _o, cursor: _c, sort: _s, dir: _d, view: _v, ...filter }: LeadListQuery, me: ListingPerson): LeadQueryFilter => ({
  ...filter,
  me,
});

export async function listLeads(db: Database, query: LeadListQuery, me: ListingPerson = null): Promise<LeadPage> {
  const sort = effectiveLeadSort(query.sort, query.dir);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && (!cursor || cursor.sort !== sort)) throw badRequest("cursor", "list.cursor_mismatch");
  const page = await selectLeadPageCounted(db, { filter: queryFilter(query, me), sort, limit: query.limit, offset: query.offset, cursor, view: query.view });
  return { leadsJson: page.json, total: page.total, exact: page.exact, nextCursor: page.next && encodeCursor(page.next) };
}

export async function getLead(db: Database, id: number): Promise<Lead> {
  const lead = await findLeadById(db, id);
  if (lead) return lead;
  throw await leadGone(db, id);
}

/** A lead is assigned to an active member of staff: an unknown or deactivated one is a 400 naming assigneeId. */
async function checkAssignee(db: Database, assigneeId: number | null | undefined): Promise<void> {
  if (assigneeId == null) return;
  if (!(await isActiveStaff(db, assigneeId))) throw badRequest("assigneeId", "lead.unknown_assignee", { assigneeId });
}

export interface LeadOrigin {
  /** Who created it: staff, an API client, or (for the public form) nobody signed in. */
  principal: Principal | null;
  meta: RequestMeta;
  /** "link" when the affiliate code came from the referral link's cookie rather than the request. */
  referralSource?: "code" | "link";
}

/**
 * Credits a new lead to the affiliate whose code came with it, inside the lead's own transaction. An unknown
 * or inactive code still lets the lead in, and the answer says why no referral was recorded.
 */
async function attributeLead(tx: Database, leadId: number, code: string, source: "code" | "link"): Promise<LeadAttribution> {
  const affiliate = await findAffiliateByCode(tx, code);
  if (!affiliate) return { affiliateCode: code, attributed: false, reason: "Unknown affiliate code" };
  if (affiliate.status !== "active") return { affiliateCode: code, attributed: false, reason: `The affiliate account is ${affiliate.status}` };
  const referralId = await insertReferral(tx, { affiliateId: affiliate.id, leadId, source });
  if (referralId !== undefined) await emitEvent(tx, "referral.created", { referralId, affiliateId: affiliate.id, leadId, source });
  return { affiliateCode: affiliate.uniqueCode, attributed: true, reason: null };
}

/**
 * Creates a lead and, in the same transaction, the referral its affiliate code earns, its audit record and its
 * lead.created event (from which the notifications subscriber tells the administrators of a lead nobody on staff entered).
 */
export async function createLead(db: Database, input: LeadInput, origin: LeadOrigin): Promise<CreatedLead> {
  const actor = origin.principal ? actorLabel(origin.principal) : "public form";
  // Anyone who may write leads may create one for someone else (an agent too, whatever the lead access setting).
  await checkAssignee(db, input.assigneeId);
  return inTransaction(db, async (tx) => {
    // A stage's outcome and the status follow each other from the start (lw_lead_outcome): the event tells the stored pair.
    // A lead from the public form or an API key that names no assignee follows its source's assignment rule (issue
    // 26.5); staff entering a lead in the app choose for themselves. A round-robin turn is taken in this transaction,
    // so a lead refused (a taken email) gives its turn back.
    const ruleSource = origin.principal === null ? "form" : origin.principal.kind === "apiKey" ? "api" : null;
    const ruled = ruleSource !== null && input.assigneeId == null && !input.assignedTo?.trim();
    const { lead: created, storedStage } = await insertLead(tx, ruled ? { ...input, assigneeId: await takeAssignee(tx, ruleSource) } : input);
    await emitEvent(tx, "lead.created", {
      leadId: created.id,
      businessName: created.businessName,
      email: created.email,
      status: created.status,
      pipelineStage: storedStage,
      assignedTo: created.assignedTo,
      enteredByStaff: origin.principal?.kind === "session",
    });
    const attribution = input.affiliateCode ? await attributeLead(tx, created.id, input.affiliateCode, origin.referralSource ?? "code") : null;
    await recordAudit(tx, {
      userEmail: actor,
      action: "lead.create",
      message: attribution?.attributed
        ? { code: "lead.created_referred", params: { leadId: created.id, businessName: created.businessName, email: created.email, affiliateCode: attribution.affiliateCode } }
        : { code: "lead.created", params: { leadId: created.id, businessName: created.businessName, email: created.email } },
      meta: origin.meta,
    });
    return { ...created, attribution };
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "leads_email_lower_idx")) throw conflict("lead.email_taken", { field: "email" });
    throw error;
  });
}

export async function updateLead(db: Database, id: number, patch: LeadUpdate, principal: Principal, meta: RequestMeta): Promise<Lead> {
  await checkAssignee(db, patch.assigneeId);
  await inTransaction(db, async (tx) => {
    const before = await lockLeadState(tx, id);
    const after = before && (await updateLeadRow(tx, id, patch));
    if (!before || !after) throw await leadGone(tx, id);
    // Stage names match in any letter case and no stage is the default one (lw_stage_key in the database).
    const stageKey = (stage: string | null) => (stage ?? DEFAULT_PIPELINE_STAGE).toLowerCase();
    const stageChanged = stageKey(before.pipelineStage) !== stageKey(after.pipelineStage);
    // The database may have changed the status or the stage to follow the other (lw_lead_outcome): they count as changed.
    const followed = [...(before.status !== after.status ? ["status"] : []), ...(stageChanged ? ["pipelineStage"] : [])];
    const changedFields = [...new Set([...Object.keys(patch), ...followed])];
    await emitEvent(tx, "lead.updated", { leadId: id, businessName: after.businessName, status: leadStatusSchema.parse(after.status), changedFields });
    if (stageChanged) {
      await emitEvent(tx, "lead.stage_changed", {
        leadId: id,
        businessName: after.businessName,
        fromStage: before.pipelineStage,
        toStage: after.pipelineStage,
        assignedTo: after.assignedTo,
        movedBy: eventActor(principal),
      });
    }
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "lead.update",
      message: { code: "lead.updated", params: { leadId: id, fields: changedFields.join(", ") } },
      meta,
    });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "leads_email_lower_idx")) throw conflict("lead.email_taken", { field: "email" });
    throw error;
  });
  // Read whatever the scope: an agent who hands their lead to a colleague is answered the lead as they left it.
  const lead = await findLeadUnscoped(db, id);
  if (!lead) throw notFound("lead.not_found");
  return lead;
}

export async function deleteLead(db: Database, id: number, principal: Principal, meta: RequestMeta): Promise<void> {
  await inTransaction(db, async (tx) => {
    const removed = await deleteLeadRow(tx, id);
    if (!removed) throw await leadGone(tx, id);
    await emitEvent(tx, "lead.deleted", { leadId: id, businessName: removed.businessName });
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "lead.delete",
      message: { code: "lead.deleted", params: { leadId: id, businessName: removed.businessName, email: removed.email } },
      meta,
    });
  });
}

/**
 * Every lead matching the filter as a CSV export for sendCsv: keyset batches of rows the database already rendered as
 * text, so memory stays flat however many match, and the first batch is read before the first byte is sent.
 */
/** The leads matching `filter` as CSV in `sort`: every exported field, or the ID and the table's `columns` in their order. */
export function leadsCsv(db: Database, filter: LeadQueryFilter, sort: LeadSort, columns?: readonly string[]): CsvExport<never> {
  const selection = leadExportSelection(columns);
  if ("unknown" in selection) throw badRequest("columns", "lead.unknown_column", { column: selection.unknown });
  return { name: "leads", header: selection.headers, batches: leadExportBatches(db, filter, sort, undefined, selection) };
}

