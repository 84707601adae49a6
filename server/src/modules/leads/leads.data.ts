import { and, eq, sql } from "drizzle-orm";
import type { Lead, LeadInput, LeadUpdate } from "@contract/leads";
import type { Database } from "../../db/client";
import { leadColumns, toLead } from "../../db/queries/lead-record";
import { affiliateReferrals, leads } from "../../db/schema";
import { ALL_LEADS, leadInScope, runInLeadScope } from "../../kernel/lead-scope";

import { findLeadById } from "../../db/queries/lead-record";

export { findLeadById };

/** The new lead, and its stage as stored (null: the default stage), which its status may have chosen (lw_lead_outcome). */
export async function insertLead(db: Database, input: LeadInput): Promise<{ lead: Lead; storedStage: string | null }> {
  const [row] = await db.insert(leads).values(input).returning(leadColumns);
  return { lead: toLead({ ...row!, kpiYtd: null, kpiMrr: null, kpiUpdatedAt: null }), storedStage: row!.pipelineStage };
}

/** The lead, read whatever the request's scope (for a write already allowed, whose answer must not vanish). */
export const findLeadUnscoped = (db: Database, id: number) => runInLeadScope(ALL_LEADS, () => findLeadById(db, id));

/**
 * The fields a lead's events carry, read locked so the change that follows is compared with what it replaced (the
 * database may change the status or the stage along with the other: lw_lead_outcome).
 */
export async function lockLeadState(db: Database, id: number) {
  const [row] = await db
    .select({ businessName: leads.businessName, status: leads.status, pipelineStage: leads.pipelineStage, assignedTo: leads.assignedTo })
    .from(leads)
    .where(and(eq(leads.id, id), leadInScope(leads.assigneeId)))
    .for("update");
  return row;
}

export async function updateLeadRow(db: Database, id: number, patch: LeadUpdate) {
  const [changed] = await db
    .update(leads)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(leads.id, id), leadInScope(leads.assigneeId)))
    .returning({ businessName: leads.businessName, status: leads.status, pipelineStage: leads.pipelineStage, assignedTo: leads.assignedTo });
  return changed;
}

export async function deleteLeadRow(db: Database, id: number): Promise<{ businessName: string; email: string } | undefined> {
  const [row] = await db
    .delete(leads)
    .where(and(eq(leads.id, id), leadInScope(leads.assigneeId)))
    .returning({ businessName: leads.businessName, email: leads.email });
  return row;
}

/** Credits the lead to the affiliate; a lead is referred once, so a second credit for it is ignored (undefined). */
export async function insertReferral(db: Database, values: { affiliateId: number; leadId: number; source: "code" | "link" }): Promise<number | undefined> {
  const [row] = await db.insert(affiliateReferrals).values(values).onConflictDoNothing().returning({ id: affiliateReferrals.id });
  return row?.id;
}
