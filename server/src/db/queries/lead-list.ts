import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { DEFAULT_PIPELINE_STAGE, type LeadFilter, type LeadSort } from "@contract/leads";
import type { PageCursor } from "../../lib/page-cursor";
import type { Database } from "../client";
import { queryArrays } from "../query-arrays";
import { rawRows } from "../raw-rows";
import { renderedOnce, sqlStringLiteral } from "../rendered-once";
import { kpiMetrics, leadCounts, leadDailyCounts, leads } from "../schema";
import { sampledCountCte, SEARCH_COUNT_CAP, searchCondition, searchUsesTrigrams, searchWords } from "./lead-search";

/*
 * Lists of leads: a filtered, sorted page serialised by PostgreSQL, its count, and the CSV export's batches. The
 * leads screen and the lead report read leads through the same queries, so they live on the floor rather than in
 * either area; what a lead is and how one is written stay in the leads area.
 */

const { searchText: _searchText, ...leadColumns } = getTableColumns(leads);

/** The list filters plus the report's creation-day bounds (YYYY-MM-DD, whole UTC days, both inclusive). */
export interface LeadQueryFilter extends LeadFilter {
  createdFrom?: string | undefined;
  createdThrough?: string | undefined;
}

const utcDayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'UTC'`;
const utcDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/** `searchIndexed: false` writes the search term so that no index serves it (see selectLeadPageCounted). */
export function filterConditions(filter: LeadQueryFilter, { searchIndexed = true } = {}): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.industry) conditions.push(eq(leads.industry, filter.industry));
  if (filter.q) conditions.push(searchCondition(filter.q, searchIndexed));
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
  // Written over any (key, id) pair, so a page can be ordered and cut from rows already read with their key.
  const orderOf = (key: SQL, id: SQL) => [sql`${key} ${direction}`, sql`${id} ${direction}`];
  const afterOf = (key: SQL, id: SQL, cursor: PageCursor) =>
    descending ? sql`(${key}, ${id}) < (${cursor.key}${keyCast}, ${cursor.id})` : sql`(${key}, ${id}) > (${cursor.key}${keyCast}, ${cursor.id})`;
  const id = sql`${leads.id}`;
  return {
    expr,
    orderBy: orderOf(expr, id),
    after: (cursor: PageCursor) => afterOf(expr, id, cursor),
    orderOf,
    afterOf,
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

/**
 * The Lead document's columns under their contract names: toLead's mapping (second names, default stage,
 * nested kpi, ISO dates) written in SQL.
 */
const leadDocumentColumns: [name: string, value: SQL][] = [
  ...(Object.keys(leadColumns) as (keyof typeof leadColumns)[]).map((name): [string, SQL] => {
    const column = sql`${leadColumns[name]}`;
    if (name === "createdAt" || name === "updatedAt") return [name, isoUtc(column)];
    if (name === "pipelineStage") return [name, sql`coalesce(${column}, ${sqlStringLiteral(DEFAULT_PIPELINE_STAGE)})`];
    return [name, column];
  }),
  ["businessOwnerEmail", sql`${leads.email}`],
  ["businessType", sql`${leads.industry}`],
  [
    "kpi",
    sql`CASE WHEN ${kpiMetrics.leadId} IS NULL THEN NULL ELSE json_build_object('ytdRevenue', ${kpiMetrics.ytdRevenue}::text, 'mrr', ${kpiMetrics.mrr}::text, 'updatedAt', ${isoUtc(sql`${kpiMetrics.updatedAt}`)}) END`,
  ],
];
// Rendered to text once: walking these fifty fragments on every request cost more than the rest of the query.
const documentSelectList = renderedOnce(
  sql.join(
    leadDocumentColumns.map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  ),
);
const documentNames = renderedOnce(
  sql.join(
    leadDocumentColumns.map(([name]) => sql.identifier(name)),
    sql`, `,
  ),
);

/**
 * The JSON of a page whose rows the CTE "ids" holds (id, lw_key: the sort key, lw_n: 1, 2, … in page order),
 * one more than the page when another follows. Only these rows are joined to their KPI record and turned into
 * documents, whatever the filter matched.
 */
function pageDocumentSql(limit: number) {
  // json_agg over a subquery's whole row turns each row into an object keyed by its column names, in one pass.
  return sql`
    page AS (
      SELECT ${documentSelectList}, ids.lw_key::text AS lw_sort_key, ids.lw_n
      FROM ids JOIN ${leads} ON ${leads.id} = ids.id LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ids.id
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT ${documentNames} FROM page WHERE lw_n <= ${limit} ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = ${limit} AND EXISTS (SELECT FROM page WHERE lw_n = ${limit + 1})) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = ${limit}) AS last_id`;
}

interface PageSqlRow {
  json: string;
  last_key: string | null;
  last_id: number | null;
}

function pageFromRow(row: PageSqlRow | undefined, sort: LeadSort): LeadPageJson {
  const next = row && row.last_key !== null && row.last_id !== null ? { sort, key: row.last_key, id: Number(row.last_id) } : null;
  return { json: row?.json ?? "[]", next };
}

/**
 * One page, serialised to JSON by PostgreSQL in the same statement that reads it: the hottest list path then
 * costs Node one string instead of thousands of column values, dates and objects. The page's ids are found
 * first (one row more than asked, to know whether another page follows), and only they are read in full.
 */
export async function selectLeadPage(db: Database, request: LeadPageRequest): Promise<LeadPageJson> {
  const { expr, orderBy, orderOf, after } = sortParts(request.sort);
  const conditions = filterConditions(request.filter);
  if (request.cursor) conditions.push(after(request.cursor));
  const where = conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
  const offset = request.cursor ? 0 : (request.offset ?? 0);
  const [row] = await rawRows<PageSqlRow>(db, sql`
    WITH found AS MATERIALIZED (
      SELECT ${leads.id} AS id, ${expr} AS lw_key FROM ${leads}
      ${where}
      ORDER BY ${sql.join(orderBy, sql`, `)}
      LIMIT ${request.limit + 1} OFFSET ${offset}
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY ${sql.join(orderOf(sql`lw_key`, sql`id`), sql`, `)}) AS lw_n FROM found),
    ${pageDocumentSql(request.limit)}`);
  return pageFromRow(row, request.sort);
}

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

/**
 * A page and the filter's capped count together. With a one-word search term served by the trigram index, the sampled
 * leads are counted first (see SEARCH_SAMPLE_MODULUS): past the cap, the count is settled. Otherwise both come
 * from one set of matches, read once through the search indexes up to the cap: when it holds every match (the
 * cap was not reached) the page is sorted and cut from it; otherwise the page is read again in the sort's index
 * order, where a term that matches this many leads soon fills it (for the creation order from an index that
 * also holds search_text, so the leads it passes over are not read from the table). Without a term, the
 * counters answer the count.
 */
export async function selectLeadPageCounted(db: Database, request: LeadPageRequest): Promise<LeadPageJson & { total: number; exact: boolean }> {
  if (!request.filter.q) {
    const [page, count] = await Promise.all([selectLeadPage(db, request), countMatching(db, request.filter)]);
    return { ...page, ...count };
  }
  const { expr, orderBy, orderOf, after, afterOf } = sortParts(request.sort);
  const matching = and(...filterConditions(request.filter));
  const offset = request.cursor ? 0 : (request.offset ?? 0);
  const keyed = { key: sql`lw_key`, id: sql`id` };
  const fromMatches = request.cursor ? sql`AND ${afterOf(keyed.key, keyed.id, request.cursor)}` : sql``;
  const fromIndex = request.cursor ? sql`AND ${after(request.cursor)}` : sql``;
  const pageSize = request.limit + 1;
  // A sample already past the cap settles the count; then the full match set is never read (a one-time filter).
  // When it is not, the sample cost an eighth more than the full count alone. It pays off only for a search
  // matching over about eight times the cap, which a single word (a common surname, a mail domain) does far
  // more often than several words that must all occur: those are counted in full at once.
  const sampled = searchWords(request.filter.q).length <= 1 && searchUsesTrigrams(request.filter.q);
  // Past the cap, the creation-order walk must be chosen over a bitmap scan of every match, but the planner cannot
  // know how many leads a pattern matches (its estimate rests on the statistics' sample and swung from 100 to
  // 12,000 between two seeds of the same data): the walk's condition is written so that no index can serve it.
  // A single word only: the planner guesses a default share of rows for a pattern it cannot see, which for one word
  // still makes the walk cheap, but for several words (the product of the guesses) makes a full scan look cheaper.
  const walked = sampled && request.sort.endsWith("createdAt") ? and(...filterConditions(request.filter, { searchIndexed: false })) : matching;
  const [row] = await rawRows<PageSqlRow & { total: number }>(db, sql`
    WITH ${sampled ? sampledCountCte(matching) : sql`sampled AS (SELECT 0 AS n)`},
    matches AS MATERIALIZED (
      SELECT ${leads.id} AS id, ${expr} AS lw_key FROM ${leads}
      WHERE (SELECT n FROM sampled) <= ${SEARCH_COUNT_CAP} AND ${matching} LIMIT ${SEARCH_COUNT_CAP + 1}
    ),
    counted AS MATERIALIZED (
      SELECT CASE WHEN (SELECT n FROM sampled) > ${SEARCH_COUNT_CAP} THEN ${SEARCH_COUNT_CAP + 1} ELSE (SELECT count(*)::int FROM matches) END AS n
    ),
    found AS MATERIALIZED (
      (SELECT id, lw_key FROM matches
       WHERE (SELECT n FROM counted) <= ${SEARCH_COUNT_CAP} ${fromMatches}
       ORDER BY ${sql.join(orderOf(keyed.key, keyed.id), sql`, `)}
       LIMIT ${pageSize} OFFSET ${offset})
      UNION ALL
      (SELECT ${leads.id}, ${expr} FROM ${leads}
       WHERE (SELECT n FROM counted) > ${SEARCH_COUNT_CAP} AND ${walked} ${fromIndex}
       ORDER BY ${sql.join(orderBy, sql`, `)}
       LIMIT ${pageSize} OFFSET ${offset})
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY ${sql.join(orderOf(keyed.key, keyed.id), sql`, `)}) AS lw_n FROM found),
    ${pageDocumentSql(request.limit)}, (SELECT n FROM counted) AS total`);
  const total = row?.total ?? 0;
  return { ...pageFromRow(row, request.sort), ...(total > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, exact: false } : { total, exact: true }) };
}

/** The columns a CSV export writes, already as text from SQL, in the order of LEAD_EXPORT_HEADERS. */
export const LEAD_EXPORT_HEADERS = [
  "ID", "Business", "First name", "Last name", "Email", "Phone", "Industry", "Years in business", "Employees", "Status",
  "Priority", "Pipeline stage", "Lead source", "Affiliate code", "Assigned to", "Tags", "YTD revenue", "MRR", "Created", "Updated",
] as const;

const exportColumns = renderedOnce(sql`
  ${leads.id}::text, ${leads.businessName}, ${leads.businessOwnerName}, ${leads.businessOwnerLastName}, ${leads.email},
  ${leads.phoneNumber}, ${leads.industry}, ${leads.yearsInBusiness}, ${leads.employeeCount}, ${leads.status}, ${leads.priority},
  coalesce(${leads.pipelineStage}, ${sqlStringLiteral(DEFAULT_PIPELINE_STAGE)}), ${leads.leadSource}, ${leads.affiliateCode},
  ${leads.assignedTo}, array_to_string(${leads.tags}, '; '), ${kpiMetrics.ytdRevenue}::text, ${kpiMetrics.mrr}::text,
  ${isoUtc(sql`${leads.createdAt}`)}, ${isoUtc(sql`${leads.updatedAt}`)}`);

/**
 * Export rows in keyset batches, as arrays of text in the order of LEAD_EXPORT_HEADERS (the sort key last):
 * no ORM mapping and no lead objects, so a million-row export is bound by the database and the socket.
 */
export async function* leadExportBatches(db: Database, filter: LeadQueryFilter, sort: LeadSort, batchSize = 5_000): AsyncGenerator<(string | null)[][]> {
  const { expr, orderBy, after } = sortParts(sort);
  let cursor: PageCursor | null = null;
  for (;;) {
    const conditions = filterConditions(filter);
    if (cursor) conditions.push(after(cursor));
    const where = conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
    const rows = (await queryArrays(
      db,
      sql`SELECT ${exportColumns}, (${expr})::text
          FROM ${leads} LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ${leads.id}
          ${where}
          ORDER BY ${sql.join(orderBy, sql`, `)}
          LIMIT ${batchSize}`,
    )) as (string | null)[][];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    cursor = { sort, key: last[LEAD_EXPORT_HEADERS.length]!, id: Number(last[0]) };
  }
}
