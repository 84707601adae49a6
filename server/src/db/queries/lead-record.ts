import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { answeredNames } from "@contract/declared-fields";
import { leadFields, type Lead } from "@contract/leads";
import { currentLeadScope, leadInScopeOfKind, scopePlaceholders, type LeadScope } from "../../kernel/lead-scope";
import type { Database } from "../client";
import { preparedOnce } from "../prepared-once";
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
  const scope = currentLeadScope();
  const [row] = await leadByIdQuery(db, scope.kind).execute({ id, ...scopePlaceholders(scope) });
  return row && toLead(row);
}

// The lead page, a pipeline move and every change answer a lead through this read: built once (db/prepared-once.ts).
const leadByIdQuery = preparedOnce((db: Database, kind: LeadScope["kind"]) =>
  db
    .select(selectedColumns)
    .from(leads)
    .leftJoin(kpiMetrics, eq(kpiMetrics.leadId, leads.id))
    .where(and(eq(leads.id, sql.placeholder("id")), leadInScopeOfKind(leads.assigneeId, kind)))
    .prepare(`lw_lead_by_id_${kind}`),
);


/**
 * Whether a lead with this id exists within the request's lead scope (issue 26.5): every area that takes a lead's id
 * (its notes, files, emails, timeline, tasks, a merged-away id's kept lead) treats one outside it as unknown.
 */
export async function leadExistsInScope(db: Database, id: number): Promise<boolean> {
  const scope = currentLeadScope();
  const rows = await leadInScopeQuery(db, scope.kind).execute({ id, ...scopePlaceholders(scope) });
  return rows.length > 0;
}

const leadInScopeQuery = preparedOnce((db: Database, kind: LeadScope["kind"]) =>
  db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, sql.placeholder("id")), leadInScopeOfKind(leads.assigneeId, kind)))
    .limit(1)
    .prepare(`lw_lead_in_scope_${kind}`),
);
