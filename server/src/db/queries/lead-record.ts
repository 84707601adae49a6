import { and, eq, getTableColumns } from "drizzle-orm";
import { answeredNames } from "@contract/declared-fields";
import { leadFields, type Lead } from "@contract/leads";
import { leadInScope } from "../../kernel/lead-scope";
import type { Database } from "../client";
import { kpiMetrics, leads } from "../schema";

/**
 * One lead as the API answers it, read by the leads area and by areas that answer a lead after changing it (the
 * pipeline's move): the row, its KPI summary and the second names some screens read.
 */
export const { searchText: _searchText, ...leadColumns } = getTableColumns(leads);
const selectedColumns = {
  ...leadColumns,
  kpiYtd: kpiMetrics.ytdRevenue,
  kpiMrr: kpiMetrics.mrr,
  kpiUpdatedAt: kpiMetrics.updatedAt,
};

export type LeadRow = { [K in keyof typeof leadColumns]: (typeof leads.$inferSelect)[K] } & {
  kpiYtd: string | null;
  kpiMrr: string | null;
  kpiUpdatedAt: Date | null;
};

/** Answers the names some screens read too (the declared second names and fallbacks, contract/lead-fields.ts) and the nested kpi. */
export function toLead(row: LeadRow): Lead {
  const { kpiYtd, kpiMrr, kpiUpdatedAt, ...lead } = row;
  return {
    ...lead,
    status: lead.status as Lead["status"],
    priority: lead.priority as Lead["priority"],
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    ...answeredNames(leadFields, lead),
    kpi: kpiYtd !== null && kpiMrr !== null && kpiUpdatedAt ? { ytdRevenue: kpiYtd, mrr: kpiMrr, updatedAt: kpiUpdatedAt.toISOString() } : null,
  };
}

/** The lead, or undefined when there is none or it is outside the request's lead scope (kernel/lead-scope.ts). */
export async function findLeadById(db: Database, id: number): Promise<Lead | undefined> {
  const [row] = await db
    .select(selectedColumns)
    .from(leads)
    .leftJoin(kpiMetrics, eq(kpiMetrics.leadId, leads.id))
    .where(and(eq(leads.id, id), leadInScope(leads.assigneeId)));
  return row && toLead(row);
}


/**
 * Whether a lead with this id exists within the request's lead scope (issue 26.5): every area that takes a lead's id
 * (its notes, files, emails, timeline, tasks, a merged-away id's kept lead) treats one outside it as unknown.
 */
export async function leadExistsInScope(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, id), leadInScope(leads.assigneeId)))
    .limit(1);
  return rows.length > 0;
}
