import { asc, eq, sql } from "drizzle-orm";
import type { Brand, BrandCreate, BrandUpdate, Vertical } from "@contract/white-label";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { brands, industryKpiTotals, kpiMetrics, leadCounts, leads } from "../../db/schema";
import { currentLeadScope, leadInScope } from "../../kernel/lead-scope";

/** The most industries the verticals answer lists (industry is free text, so a CSV import may bring many). */
export const VERTICALS_MAX = 100;

type BrandRow = typeof brands.$inferSelect;

function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    logoUrl: row.logoUrl,
    colorScheme: row.colorScheme,
    settings: row.settings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select().from(brands).orderBy(asc(sql`lower(${brands.name})`), asc(brands.id));
  return rows.map(toBrand);
}

/** The brand, locked for the rest of the transaction when asked (a rename or delete checks its leads first). */
export async function findBrand(db: Database, id: number, lock = false): Promise<Brand | undefined> {
  const query = db.select().from(brands).where(eq(brands.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ? toBrand(row) : undefined;
}

export async function insertBrand(db: Database, brand: BrandCreate): Promise<Brand> {
  const [row] = await db.insert(brands).values(brand).returning();
  return toBrand(row!);
}

export async function updateBrandRow(db: Database, id: number, patch: BrandUpdate): Promise<Brand> {
  const [row] = await db
    .update(brands)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(brands.id, id))
    .returning();
  return toBrand(row!);
}

export async function deleteBrandRow(db: Database, id: number): Promise<void> {
  await db.delete(brands).where(eq(brands.id, id));
}

/**
 * How many leads carry the brand's name as a tag (as the client tags new leads). Tags have no index, so this reads
 * the table; it runs only before renaming or deleting a brand, never on a list. Every lead counts, whoever it is
 * assigned to: a brand any lead carries keeps its name (and only administrators, who see every lead, manage brands).
 */
export async function countLeadsTagged(db: Database, name: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${leads} WHERE ${leads.tags} @> ARRAY[${name}]::text[]`);
  return row?.n ?? 0;
}

/**
 * Leads and year-to-date revenue per industry, most leads first, from two small tables that triggers keep exact:
 * lead_counts (per status and industry, '' for none) and industry_kpi_totals (KPI revenue per industry). Neither
 * reads the leads table, so the answer costs the same at a million leads as at ten. Those tables are for every lead:
 * a restricted agent's request counts and sums its own and unassigned leads instead (scopedVerticals).
 */
export async function listVerticals(db: Database): Promise<Vertical[]> {
  if (currentLeadScope().kind === "own") return scopedVerticals(db);
  const rows = await rawRows<{ industry: string | null; lead_count: number; revenue: string }>(
    db,
    sql`
      SELECT nullif(c.industry, '') AS industry, c.lead_count, coalesce(r.${sql.identifier("ytd_sum")}, 0)::numeric(18, 2)::text AS revenue
      FROM (SELECT ${leadCounts.industry} AS industry, sum(${leadCounts.n})::int AS lead_count FROM ${leadCounts} GROUP BY 1 HAVING sum(${leadCounts.n}) > 0) c
      LEFT JOIN ${industryKpiTotals} r ON r.industry = c.industry
      ORDER BY c.lead_count DESC, c.industry = '', c.industry
      LIMIT ${VERTICALS_MAX}`,
  );
  return rows.map((row) => ({ industry: row.industry, leadCount: row.lead_count, revenue: row.revenue }));
}

/** The verticals over the leads in the request's restricted scope: leads and their KPI revenue per industry, in SQL. */
async function scopedVerticals(db: Database): Promise<Vertical[]> {
  const rows = await rawRows<{ industry: string | null; lead_count: number; revenue: string }>(
    db,
    sql`
      SELECT nullif(c.industry, '') AS industry, c.lead_count, c.revenue
      FROM (
        SELECT coalesce(${leads.industry}, '') AS industry, count(*)::int AS lead_count,
               coalesce(sum(${kpiMetrics.ytdRevenue}), 0)::numeric(18, 2)::text AS revenue
        FROM ${leads} LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ${leads.id}
        WHERE ${leadInScope(leads.assigneeId)}
        GROUP BY 1
      ) c
      ORDER BY c.lead_count DESC, c.industry = '', c.industry
      LIMIT ${VERTICALS_MAX}`,
  );
  return rows.map((row) => ({ industry: row.industry, leadCount: Number(row.lead_count), revenue: row.revenue }));
}
