import { and, desc, eq, sql } from "drizzle-orm";
import type { KpiRecord, KpiTotals, TopProduct } from "@contract/kpi";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { kpiMetrics, kpiTotals, leads } from "../../db/schema";
import type { KeysetPosition } from "../../kernel/http/csv-export";
import { currentLeadScope, leadInScope } from "../../kernel/lead-scope";

/*
 * A KPI record belongs to its lead: every statement here keeps to the request's lead scope (kernel/lead-scope.ts), so a
 * record of a lead outside it is not found, not listed, not exported, not counted and not changed.
 */

const recordColumns = {
  id: kpiMetrics.id,
  leadId: kpiMetrics.leadId,
  businessName: leads.businessName,
  email: leads.email,
  ytdRevenue: kpiMetrics.ytdRevenue,
  mrr: kpiMetrics.mrr,
  topProducts: kpiMetrics.topProducts,
  updatedAt: kpiMetrics.updatedAt,
};

type RecordRow = { [K in keyof typeof recordColumns]: (typeof recordColumns)[K]["_"]["data"] };

const toRecord = (row: RecordRow): KpiRecord => ({
  ...row,
  topProducts: row.topProducts as TopProduct[],
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The lead a KPI sync names by email (compared without regard to case, like the unique index on leads), within the
 * request's lead scope: another agent's lead is "no lead with this email", as an unknown one.
 */
export async function findLeadIdByEmail(db: Database, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(sql`lower(${leads.email}) = ${email.toLowerCase()}`, leadInScope(leads.assigneeId)));
  return row?.id;
}

/** Creates the lead's KPI record or replaces its figures; a lead has at most one. */
export async function upsertKpi(
  db: Database,
  leadId: number,
  values: { ytdRevenue: string; mrr: string; topProducts: TopProduct[] },
): Promise<number> {
  const [row] = await db
    .insert(kpiMetrics)
    .values({ leadId, ...values })
    .onConflictDoUpdate({
      target: kpiMetrics.leadId,
      set: { ytdRevenue: values.ytdRevenue, mrr: values.mrr, topProducts: values.topProducts, updatedAt: sql`now()` },
    })
    .returning({ id: kpiMetrics.id });
  return row!.id;
}

export async function findKpi(db: Database, id: number): Promise<KpiRecord | undefined> {
  const [row] = await db.select(recordColumns).from(kpiMetrics).innerJoin(leads, eq(leads.id, kpiMetrics.leadId)).where(and(eq(kpiMetrics.id, id), leadInScope(leads.assigneeId)));
  return row && toRecord(row);
}

/** The KPI record of a lead within the request's lead scope, or undefined (no record, or no such lead in scope). */
export async function findKpiOfLead(db: Database, leadId: number): Promise<KpiRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(kpiMetrics)
    .innerJoin(leads, eq(leads.id, kpiMetrics.leadId))
    .where(and(eq(kpiMetrics.leadId, leadId), leadInScope(leads.assigneeId)));
  return row && toRecord(row);
}

export async function listKpi(db: Database, limit: number, offset: number): Promise<KpiRecord[]> {
  const rows = await db
    .select(recordColumns)
    .from(kpiMetrics)
    .innerJoin(leads, eq(leads.id, kpiMetrics.leadId))
    .where(leadInScope(leads.assigneeId))
    .orderBy(desc(kpiMetrics.updatedAt), desc(kpiMetrics.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toRecord);
}

/**
 * The KPI totals the request's scope sees: for every lead, the one row the triggers keep (kpi_totals); for a restricted
 * agent, summed in SQL over the KPI records of their own and unassigned leads.
 */
export async function readKpiTotals(db: Database): Promise<KpiTotals> {
  const scope = currentLeadScope();
  if (scope.kind === "own") {
    const [sums] = await rawRows<KpiTotals>(
      db,
      sql`SELECT coalesce(sum(${kpiMetrics.ytdRevenue}), 0)::numeric(18, 2)::text AS "totalYtd",
            coalesce(sum(${kpiMetrics.mrr}), 0)::numeric(18, 2)::text AS "totalMrr", count(*)::int AS "leadsWithKpi"
          FROM ${kpiMetrics} JOIN ${leads} ON ${leads.id} = ${kpiMetrics.leadId}
          WHERE ${leadInScope(leads.assigneeId, scope)}`,
    );
    return { totalYtd: sums!.totalYtd, totalMrr: sums!.totalMrr, leadsWithKpi: Number(sums!.leadsWithKpi) };
  }
  const [row] = await db.select().from(kpiTotals).where(eq(kpiTotals.id, 1));
  return { totalYtd: row?.ytdSum ?? "0.00", totalMrr: row?.mrrSum ?? "0.00", leadsWithKpi: row?.leadsWithKpi ?? 0 };
}

/** Deletes the record when its lead is within the request's scope; undefined otherwise, as for an unknown id. */
export async function deleteKpiRow(db: Database, id: number): Promise<{ leadId: number } | undefined> {
  const [row] = await db
    .delete(kpiMetrics)
    .where(and(eq(kpiMetrics.id, id), sql`EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.id} = ${kpiMetrics.leadId} AND ${leadInScope(leads.assigneeId)})`))
    .returning({ leadId: kpiMetrics.leadId });
  return row;
}

export const KPI_EXPORT_HEADER = ["ID", "Lead ID", "Business", "Email", "YTD revenue", "MRR", "Top products", "Updated"] as const;

export type KpiExportRow = RecordRow & { sortKey: string };

/** A KPI export row's cells, in the order of KPI_EXPORT_HEADER; top products by name. */
export const kpiExportCells = (row: KpiExportRow) => [
  row.id,
  row.leadId,
  row.businessName,
  row.email,
  row.ytdRevenue,
  row.mrr,
  (row.topProducts as TopProduct[]).map((product) => product.name),
  row.updatedAt,
];

/** One keyset batch of KPI records in the list's order (most recently updated first), after `after`. */
export async function readKpiExportBatch(db: Database, after: KeysetPosition | null, limit: number): Promise<KpiExportRow[]> {
  return db
    .select({ ...recordColumns, sortKey: sql<string>`${kpiMetrics.updatedAt}::text` })
    .from(kpiMetrics)
    .innerJoin(leads, eq(leads.id, kpiMetrics.leadId))
    .where(and(leadInScope(leads.assigneeId), after ? sql`(${kpiMetrics.updatedAt}, ${kpiMetrics.id}) < (${after.key}::timestamptz, ${after.id})` : undefined))
    .orderBy(desc(kpiMetrics.updatedAt), desc(kpiMetrics.id))
    .limit(limit);
}
