import type { CreatedLead, Lead, LeadInput, LeadListQuery, LeadSort, LeadUpdate } from "@contract/leads";
import type { Database } from "../../db/client";
import type { CsvExport } from "../../kernel/http/csv-export";
import { badRequest, conflict, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { isUniqueViolation } from "../../lib/db-errors";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor";
import { recordAudit } from "../../kernel/audit";
import { actorLabel } from "../../kernel/actor";
import type { Principal } from "../../kernel/principal";
import { adminEmails } from "../auth/users.data";
import { notifyMany } from "../notifications/notifications.service";
import { attributeLead } from "../referrals/attribution";
import { deleteLeadRow, findLeadById, insertLead, LEAD_EXPORT_HEADERS, leadExportBatches, selectLeadPageCounted, updateLeadRow, type LeadQueryFilter } from "./leads.data";

export const DUPLICATE_EMAIL = "A lead with this email already exists";

export interface LeadPage {
  /** The page as a JSON array of Lead documents, serialised by the database. */
  leadsJson: string;
  total: number;
  exact: boolean;
  nextCursor: string | null;
}

export async function listLeads(db: Database, query: LeadListQuery): Promise<LeadPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && (!cursor || cursor.sort !== query.sort)) throw badRequest("cursor", "does not belong to this list; start again without it");
  const filter = { q: query.q, status: query.status, industry: query.industry };
  const page = await selectLeadPageCounted(db, { filter, sort: query.sort, limit: query.limit, offset: query.offset, cursor });
  return { leadsJson: page.json, total: page.total, exact: page.exact, nextCursor: page.next && encodeCursor(page.next) };
}

export async function getLead(db: Database, id: number): Promise<Lead> {
  const lead = await findLeadById(db, id);
  if (!lead) throw notFound("Lead not found");
  return lead;
}

export interface LeadOrigin {
  /** Who created it: staff, an API client, or (for the public form) nobody signed in. */
  principal: Principal | null;
  meta: RequestMeta;
  /** "link" when the affiliate code came from the referral link's cookie rather than the request. */
  referralSource?: "code" | "link";
}

/** Creates a lead and, in the same transaction, the referral its affiliate code earns. */
export async function createLead(db: Database, input: LeadInput, origin: LeadOrigin): Promise<CreatedLead> {
  const actor = origin.principal ? actorLabel(origin.principal) : "public form";
  const lead = await db
    .transaction(async (tx) => {
      const created = await insertLead(tx as unknown as Database, input);
      const attribution = input.affiliateCode
        ? await attributeLead(tx as unknown as Database, created.id, input.affiliateCode, origin.referralSource ?? "code")
        : null;
      await recordAudit(tx as unknown as Database, {
        userEmail: actor,
        action: "lead.create",
        details: `Lead #${created.id} ${created.businessName} <${created.email}>${attribution?.attributed ? ` referred by ${attribution.affiliateCode}` : ""}`,
        meta: origin.meta,
      });
      return { ...created, attribution };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, "leads_email_lower_idx")) throw conflict(DUPLICATE_EMAIL, "email");
      throw error;
    });
  // Leads that arrive from a website, quiz or the public form are unseen until someone looks: tell the administrators.
  if (origin.principal?.kind !== "session") {
    await notifyMany(db, await adminEmails(db), {
      type: "lead",
      message: `New lead captured: ${lead.businessName} (${lead.email})`,
      link: "/leads",
    });
  }
  return lead;
}

export async function updateLead(db: Database, id: number, patch: LeadUpdate, principal: Principal, meta: RequestMeta): Promise<Lead> {
  await db
    .transaction(async (tx) => {
      if (!(await updateLeadRow(tx as unknown as Database, id, patch))) throw notFound("Lead not found");
      await recordAudit(tx as unknown as Database, {
        userEmail: actorLabel(principal),
        action: "lead.update",
        details: `Lead #${id}: ${Object.keys(patch).join(", ")}`,
        meta,
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, "leads_email_lower_idx")) throw conflict(DUPLICATE_EMAIL, "email");
      throw error;
    });
  return getLead(db, id);
}

export async function deleteLead(db: Database, id: number, principal: Principal, meta: RequestMeta): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteLeadRow(tx as unknown as Database, id);
    if (!removed) throw notFound("Lead not found");
    await recordAudit(tx as unknown as Database, {
      userEmail: actorLabel(principal),
      action: "lead.delete",
      details: `Lead #${id} ${removed.businessName} <${removed.email}> and its KPI data`,
      meta,
    });
  });
}

/**
 * Every lead matching the filter as a CSV export for sendCsv: keyset batches of rows the database already rendered as
 * text, so memory stays flat however many match, and the first batch is read before the first byte is sent.
 */
export const leadsCsv = (db: Database, filter: LeadQueryFilter, sort: LeadSort, name = "leads"): CsvExport<never> => ({
  name,
  header: LEAD_EXPORT_HEADERS,
  batches: leadExportBatches(db, filter, sort),
});

