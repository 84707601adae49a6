import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { DEFAULT_PIPELINE_STAGE, type Lead, type LeadFilter, type LeadInput, type LeadSort, type LeadUpdate } from "@contract/leads";
import type { Database } from "../../db/client";
import { kpiMetrics, leadCounts, leadDailyCounts, leads } from "../../db/schema";
import { escapeLike } from "../../lib/like-pattern";
import type { PageCursor } from "../../lib/page-cursor";

const { searchText: _searchText, ...leadColumns } = getTableColumns(leads);
const selectedColumns = {
  ...leadColumns,
  kpiYtd: kpiMetrics.ytdRevenue,
  kpiMrr: kpiMetrics.mrr,
  kpiUpdatedAt: kpiMetrics.updatedAt,
};

type LeadRow = { [K in keyof typeof leadColumns]: (typeof leads.$inferSelect)[K] } & {
  kpiYtd: string | null;
  kpiMrr: string | null;
  kpiUpdatedAt: Date | null;
};

/** Answers the names some screens read too: businessOwnerEmail, businessType, pipelineStage and the nested kpi. */
export function toLead(row: LeadRow): Lead {
  const { kpiYtd, kpiMrr, kpiUpdatedAt, ...lead } = row;
  return {
    ...lead,
    status: lead.status as Lead["status"],
    priority: lead.priority as Lead["priority"],
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    businessOwnerEmail: lead.email,
    businessType: lead.industry,
    pipelineStage: lead.pipelineStage ?? DEFAULT_PIPELINE_STAGE,
    kpi: kpiYtd !== null && kpiMrr !== null && kpiUpdatedAt ? { ytdRevenue: kpiYtd, mrr: kpiMrr, updatedAt: kpiUpdatedAt.toISOString() } : null,
  };
}

const trigramMinimum = 3;

/** Accent- and case-insensitive substring match through the trigram index; short terms use the name index's prefix order. */
export function searchCondition(q: string): SQL {
  const pattern = escapeLike(q);
  return [...q].length >= trigramMinimum
    ? sql`${leads.searchText} LIKE '%' || lw_fold(${pattern}) || '%'`
    : sql`lw_fold(${leads.businessName}) COLLATE "C" LIKE lw_fold(${pattern}) || '%'`;
}

/** The list filters plus the report's creation-day bounds (YYYY-MM-DD, whole UTC days, both inclusive). */
export interface LeadQueryFilter extends LeadFilter {
  createdFrom?: string | undefined;
  createdThrough?: string | undefined;
}

const utcDayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'UTC'`;
const utcDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

export function filterConditions(filter: LeadQueryFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.industry) conditions.push(eq(leads.industry, filter.industry));
  if (filter.q) conditions.push(searchCondition(filter.q));
  if (filter.createdFrom) conditions.push(sql`${leads.createdAt} >= ${utcDayStart(filter.createdFrom)}`);
  if (filter.createdThrough) conditions.push(sql`${leads.createdAt} < ${utcDayAfter(filter.createdThrough)}`);
  return conditions;
}

/** Each sort is an indexed expression; the key cast turns a cursor's text back into that expression's type. */
const sortExpressions = {
  createdAt: { expr: sql`${leads.createdAt}`, keyCast: sql`::timestamptz` },
  updatedAt: { expr: sql`${leads.updatedAt}`, keyCast: sql`::timestamptz` },
  businessName: { expr: sql`lw_fold(${leads.businessName}) COLLATE "C"`, keyCast: sql`::text COLLATE "C"` },
} as const;

function sortParts(sort: LeadSort) {
  const descending = sort.startsWith("-");
  const field = (descending ? sort.slice(1) : sort) as keyof typeof sortExpressions;
  const { expr, keyCast } = sortExpressions[field];
  const direction = descending ? sql`DESC` : sql`ASC`;
  return {
    expr,
    orderBy: [sql`${expr} ${direction}`, sql`${leads.id} ${direction}`],
    after: (cursor: PageCursor) =>
      descending
        ? sql`(${expr}, ${leads.id}) < (${cursor.key}${keyCast}, ${cursor.id})`
        : sql`(${expr}, ${leads.id}) > (${cursor.key}${keyCast}, ${cursor.id})`,
  };
}

export interface LeadPageRequest {
  filter: LeadQueryFilter;
  sort: LeadSort;
  limit: number;
  offset?: number | undefined;
  cursor?: PageCursor | null;
}

/** A page of leads already serialised by PostgreSQL, plus the sort key of its last row when another page follows. */
export interface LeadPageJson {
  /** A JSON array of Lead documents (the shape toLead gives), ready to send. */
  json: string;
  next: PageCursor | null;
}

const isoUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The page's columns under their contract names, so the document below can be written against them.
const pageColumnNames = Object.keys(leadColumns) as (keyof typeof leadColumns)[];
const pageColumnList = sql.join(
  pageColumnNames.map((name) => sql`${leadColumns[name]} AS ${sql.identifier(name)}`),
  sql`, `,
);
const pageColumn = (name: string) => sql`page.${sql.identifier(name)}`;
/** The Lead document of one page row: toLead's mapping (second names, default stage, nested kpi, ISO dates) in SQL. */
const leadDocument = sql`(SELECT row_to_json(doc) FROM (SELECT ${sql.join(
  [
    ...pageColumnNames.map((name) => {
      if (name === "createdAt" || name === "updatedAt") return sql`${isoUtc(pageColumn(name))} AS ${sql.identifier(name)}`;
      if (name === "pipelineStage") return sql`coalesce(${pageColumn(name)}, ${DEFAULT_PIPELINE_STAGE}) AS "pipelineStage"`;
      return sql`${pageColumn(name)} AS ${sql.identifier(name)}`;
    }),
    sql`page."email" AS "businessOwnerEmail"`,
    sql`page."industry" AS "businessType"`,
    sql`CASE WHEN page.kpi_lead_id IS NULL THEN NULL ELSE json_build_object('ytdRevenue', page.kpi_ytd::text, 'mrr', page.kpi_mrr::text, 'updatedAt', ${isoUtc(sql`page.kpi_updated_at`)}) END AS "kpi"`,
  ],
  sql`, `,
)}) doc)`;

/**
 * One page, serialised to JSON by PostgreSQL in the same statement that reads it: the hottest list path then
 * costs Node one string instead of thousands of column values, dates and objects. It reads one row more than
 * asked, to know whether another page follows and where it starts.
 */
export async function selectLeadPage(db: Database, request: LeadPageRequest): Promise<LeadPageJson> {
  const { expr, orderBy, after } = sortParts(request.sort);
  const conditions = filterConditions(request.filter);
  if (request.cursor) conditions.push(after(request.cursor));
  const where = conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
  const offset = request.cursor ? 0 : (request.offset ?? 0);
  const lastRow = offset + request.limit;
  const result = await db.execute(sql`
    WITH page AS (
      SELECT ${pageColumnList}, ${kpiMetrics.leadId} AS kpi_lead_id, ${kpiMetrics.ytdRevenue} AS kpi_ytd, ${kpiMetrics.mrr} AS kpi_mrr,
             ${kpiMetrics.updatedAt} AS kpi_updated_at, (${expr})::text AS sort_key,
             row_number() OVER (ORDER BY ${sql.join(orderBy, sql`, `)}) AS n
      FROM ${leads} LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ${leads.id}
      ${where}
      ORDER BY ${sql.join(orderBy, sql`, `)}
      LIMIT ${request.limit + 1} OFFSET ${offset}
    )
    SELECT coalesce(json_agg(${leadDocument} ORDER BY page.n) FILTER (WHERE page.n <= ${lastRow}), '[]')::text AS json,
           count(*) > ${request.limit} AS has_more,
           max(page.sort_key) FILTER (WHERE page.n = ${lastRow}) AS last_key,
           max(page."id") FILTER (WHERE page.n = ${lastRow}) AS last_id
    FROM page`);
  const [row] = (result as unknown as { rows: { json: string; has_more: boolean; last_key: string | null; last_id: number | null }[] }).rows;
  const next = row?.has_more && row.last_key !== null && row.last_id !== null ? { sort: request.sort, key: row.last_key, id: Number(row.last_id) } : null;
  return { json: row?.json ?? "[]", next };
}

// Counting matches costs a heap visit each; past this many the answer says "at least" instead.
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Totals come from the trigger-kept counters when they can answer (no search term; status and creation days
 * are not combined): exact, with no scan. Otherwise matches are counted up to the cap, past which the answer
 * says it is not exact.
 */
export async function countMatching(db: Database, filter: LeadQueryFilter): Promise<{ total: number; exact: boolean }> {
  const byDay = filter.createdFrom !== undefined || filter.createdThrough !== undefined;
  if (!filter.q && !(byDay && filter.status)) {
    const conditions: SQL[] = [];
    if (byDay) {
      if (filter.industry) conditions.push(eq(leadDailyCounts.industry, filter.industry));
      if (filter.createdFrom) conditions.push(sql`${leadDailyCounts.day} >= ${filter.createdFrom}::date`);
      if (filter.createdThrough) conditions.push(sql`${leadDailyCounts.day} <= ${filter.createdThrough}::date`);
    } else {
      if (filter.status) conditions.push(eq(leadCounts.status, filter.status));
      if (filter.industry) conditions.push(eq(leadCounts.industry, filter.industry));
    }
    const counter = byDay ? leadDailyCounts : leadCounts;
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${counter.n}), 0)::int` })
      .from(counter)
      .where(and(...conditions));
    return { total: row?.total ?? 0, exact: true };
  }
  const capped = db
    .select({ one: sql`1` })
    .from(leads)
    .where(and(...filterConditions(filter)))
    .limit(SEARCH_COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  const total = row?.total ?? 0;
  return total > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, exact: false } : { total, exact: true };
}

export async function findLeadById(db: Database, id: number): Promise<Lead | undefined> {
  const [row] = await db.select(selectedColumns).from(leads).leftJoin(kpiMetrics, eq(kpiMetrics.leadId, leads.id)).where(eq(leads.id, id));
  return row && toLead(row);
}

export async function findLeadIdByEmail(db: Database, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${email.toLowerCase()}`);
  return row?.id;
}

export async function insertLead(db: Database, input: LeadInput): Promise<Lead> {
  const [row] = await db.insert(leads).values(input).returning(leadColumns);
  return toLead({ ...row!, kpiYtd: null, kpiMrr: null, kpiUpdatedAt: null });
}

export async function updateLeadRow(db: Database, id: number, patch: LeadUpdate): Promise<boolean> {
  const changed = await db
    .update(leads)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return changed.length > 0;
}

export async function deleteLeadRow(db: Database, id: number): Promise<{ businessName: string; email: string } | undefined> {
  const [row] = await db.delete(leads).where(eq(leads.id, id)).returning({ businessName: leads.businessName, email: leads.email });
  return row;
}

/** The columns a CSV export writes, already as text from SQL, in the order of LEAD_EXPORT_HEADERS. */
export const LEAD_EXPORT_HEADERS = [
  "ID", "Business", "First name", "Last name", "Email", "Phone", "Industry", "Years in business", "Employees", "Status",
  "Priority", "Pipeline stage", "Lead source", "Affiliate code", "Assigned to", "Tags", "YTD revenue", "MRR", "Created", "Updated",
] as const;

/**
 * Export rows in keyset batches, read as plain arrays of text: no ORM mapping and no lead objects, so a
 * million-row export is bound by the database and the socket rather than by object churn.
 */
export async function* leadExportBatches(db: Database, filter: LeadQueryFilter, sort: LeadSort, batchSize = 5_000): AsyncGenerator<unknown[][]> {
  const { expr, orderBy, after } = sortParts(sort);
  let cursor: PageCursor | null = null;
  for (;;) {
    const conditions = filterConditions(filter);
    if (cursor) conditions.push(after(cursor));
    const where = conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
    const result = await db.execute(sql`
      SELECT ${leads.id} AS c0, ${leads.businessName} AS c1, ${leads.businessOwnerName} AS c2, ${leads.businessOwnerLastName} AS c3,
             ${leads.email} AS c4, ${leads.phoneNumber} AS c5, ${leads.industry} AS c6, ${leads.yearsInBusiness} AS c7,
             ${leads.employeeCount} AS c8, ${leads.status} AS c9, ${leads.priority} AS c10,
             coalesce(${leads.pipelineStage}, ${DEFAULT_PIPELINE_STAGE}) AS c11, ${leads.leadSource} AS c12, ${leads.affiliateCode} AS c13,
             ${leads.assignedTo} AS c14, array_to_string(${leads.tags}, '; ') AS c15, ${kpiMetrics.ytdRevenue}::text AS c16,
             ${kpiMetrics.mrr}::text AS c17, ${isoUtc(sql`${leads.createdAt}`)} AS c18, ${isoUtc(sql`${leads.updatedAt}`)} AS c19,
             (${expr})::text AS sort_key
      FROM ${leads} LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ${leads.id}
      ${where}
      ORDER BY ${sql.join(orderBy, sql`, `)}
      LIMIT ${batchSize}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    if (rows.length === 0) return;
    yield rows.map((row) => Object.values(row).slice(0, LEAD_EXPORT_HEADERS.length));
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    cursor = { sort, key: String(last.sort_key), id: Number(last.c0) };
  }
}
