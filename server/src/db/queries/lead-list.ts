import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { exportedFields, fieldAliases, LIST_CELL_SEPARATOR, type ExportedField, type FieldType } from "@contract/declared-fields";
import {
  LEAD_AFFILIATE_ANY,
  LEAD_ASSIGNEE_ME,
  LEAD_ASSIGNEE_NONE,
  LEAD_SUMMARY_FIELDS,
  leadFields,
  leadPriorities,
  leadStatuses,
  type LeadFieldName,
  type LeadSort,
  type LeadSortField,
  type LeadView,
} from "@contract/leads";
import type { LeadColumnId } from "@contract/lead-table";
import { currentLeadScope, leadInScope, ownScopeParts, type LeadScope } from "../../kernel/lead-scope";
import type { PageCursor } from "../../lib/page-cursor";
import type { Database } from "../client";
import { queryArrays } from "../query-arrays";
import { rawRows } from "../raw-rows";
import { renderedOnce, sqlStringLiteral } from "../rendered-once";
import { affiliateReferrals, kpiMetrics, leadAssigneeCounts, leadCounts, leadDailyCounts, leads, pipelineStageCounts } from "../schema";
import {
  cappedCount,
  cappedTotal,
  estimateFromSample,
  sampleCount,
  sampleSettles,
  sampleSettlesIn,
  SEARCH_COUNT_CAP,
  searchCondition,
  searchStatement,
  searchUsesTrigrams,
  searchWords,
} from "./lead-search";

/*
 * Lists of leads: a filtered, sorted page serialised by PostgreSQL, its count, and the CSV export's batches. The
 * leads screen and the lead report read leads through the same queries, so they live on the floor rather than in
 * either area; what a lead is and how one is written stay in the leads area.
 */

const { searchText: _searchText, ...leadColumns } = getTableColumns(leads);

/** A filter's value as given: one, several (any of which matches), or none. */
type Many = string | readonly string[] | undefined;
const valuesOf = (value: Many): string[] => (value === undefined ? [] : typeof value === "string" ? [value] : [...value]).filter((v) => v !== "");

/**
 * The list filters (contract/leads.ts leadFilterSchema, each one value or several, any of which matches) plus the
 * report's creation-day bound (createdThrough, the same as createdTo), and who 'me' is for the assignee filter. Days
 * are YYYY-MM-DD, whole UTC days, both bounds inclusive.
 */
export interface LeadQueryFilter {
  q?: string | undefined;
  status?: Many;
  priority?: Many;
  stage?: Many;
  industry?: Many;
  assignee?: Many;
  source?: Many;
  affiliateCode?: Many;
  tag?: Many;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  createdThrough?: string | undefined;
  updatedFrom?: string | undefined;
  updatedTo?: string | undefined;
  hasKpi?: boolean | undefined;
  revenueMin?: string | undefined;
  revenueMax?: string | undefined;
  /** The signed-in person (staff id), whom assignee=me names; without one, 'me' matches no lead. */
  me?: { id: number } | null | undefined;
}

const utcDayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'UTC'`;
const utcDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
const createdThroughOf = (filter: LeadQueryFilter) => filter.createdTo ?? filter.createdThrough;

/** Text compared and sorted folded (case and accents) in code point order; the sort indexes hold the same expressions. */
const folded = (value: SQL) => sql`lw_fold(${value}) COLLATE "C"`;
/** A choice's place in its declared order, so that status and priority sort new → lost and low → high. */
const rankOf = (column: SQL, values: readonly string[]) =>
  sql`(CASE ${column} ${sql.raw(values.map((v, i) => `WHEN '${v}' THEN ${i}`).join(" "))} ELSE ${sql.raw(String(values.length))} END)`;

/** Sort keys that the filters on the same columns also compare, so that such a filter can walk the sort's index. */
const keys = {
  contactName: folded(sql`${leads.businessOwnerName} || ' ' || ${leads.businessOwnerLastName}`),
  email: sql`lower(${leads.email}) COLLATE "C"`,
  industry: sql`coalesce(${leads.industry}, '') COLLATE "C"`,
  stage: sql`lw_stage_key(${leads.pipelineStage}) COLLATE "C"`,
  assignee: folded(sql`coalesce(${leads.assignedTo}, '')`),
  source: folded(sql`coalesce(${leads.leadSource}, '')`),
};

const anyOf = (key: SQL, values: SQL[]) => (values.length ? sql`${key} IN (${sql.join(values, sql`, `)})` : sql`false`);

/**
 * assignee=<staff id|me|none> (contract/leads.ts checked the form) as a condition on assignee_id, served by
 * leads_assignee_idx: the ids named ('me' the signed-in person's), or none (unassigned).
 */
function assigneeCondition(filter: LeadQueryFilter): SQL {
  const { ids, none } = assigneesNamed(filter);
  const parts = [
    ...(ids.length ? [ids.length === 1 ? sql`${leads.assigneeId} = ${ids[0]}` : sql`${leads.assigneeId} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`] : []),
    ...(none ? [sql`${leads.assigneeId} IS NULL`] : []),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
}

/** The staff ids the assignee filter names ('me' the signed-in person's; none without one), and whether it names 'none'. */
function assigneesNamed(filter: LeadQueryFilter): { ids: number[]; none: boolean } {
  const values = valuesOf(filter.assignee).map((value) => value.toLowerCase());
  const ids = values.flatMap((value) => {
    if (value === LEAD_ASSIGNEE_NONE) return [];
    if (value === LEAD_ASSIGNEE_ME) return filter.me ? [filter.me.id] : [];
    return /^\d+$/.test(value) ? [Number(value)] : [];
  });
  return { ids: [...new Set(ids)], none: values.includes(LEAD_ASSIGNEE_NONE) };
}

/** lead_assignee_counts' key of unassigned leads (migration 0054). */
const UNASSIGNED_KEY = 0;

/**
 * The keys of lead_assignee_counts that hold a list's leads when nothing but who holds them narrows it: the assignee
 * filter's people (and the unassigned, for 'none'), within an agent's scope their own and the unassigned ones, or
 * null when neither narrows it (every lead: lead_counts answers).
 */
function assigneeCounterKeys(filter: LeadQueryFilter, scope: LeadScope): number[] | null {
  const named = valuesOf(filter.assignee).length ? assigneesNamed(filter) : null;
  const filtered = named && [...named.ids, ...(named.none ? [UNASSIGNED_KEY] : [])];
  if (scope.kind === "all") return filtered;
  const visible = [scope.userId, UNASSIGNED_KEY];
  return filtered ? filtered.filter((key) => visible.includes(key)) : visible;
}

/** A code the lead came with (any letter case), or 'any': a referral to some partner was recorded for the lead. */
function affiliateCondition(codes: string[]): SQL {
  const any = codes.some((code) => code.toLowerCase() === LEAD_AFFILIATE_ANY);
  const named = codes.filter((code) => code.toLowerCase() !== LEAD_AFFILIATE_ANY);
  const parts = [
    ...(any ? [sql`EXISTS (SELECT 1 FROM ${affiliateReferrals} lw_r WHERE lw_r.lead_id = ${leads.id})`] : []),
    ...(named.length ? [sql`upper(${leads.affiliateCode}) IN (${sql.join(named.map((code) => sql`upper(${code})`), sql`, `)})`] : []),
  ];
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** The lead's KPI record exists (with its YTD revenue within the bounds given), or not (hasKpi=false). */
function kpiCondition(filter: LeadQueryFilter): SQL | null {
  const bounds = [
    ...(filter.revenueMin !== undefined ? [sql` AND lw_k.ytd_revenue >= ${filter.revenueMin}::numeric`] : []),
    ...(filter.revenueMax !== undefined ? [sql` AND lw_k.ytd_revenue <= ${filter.revenueMax}::numeric`] : []),
  ];
  if (filter.hasKpi === undefined && bounds.length === 0) return null;
  const exists = sql`EXISTS (SELECT 1 FROM ${kpiMetrics} lw_k WHERE lw_k.lead_id = ${leads.id}${sql.join(bounds, sql``)})`;
  // hasKpi=false with revenue bounds matches nothing: a lead without KPI data has no revenue to compare.
  if (filter.hasKpi === false) return bounds.length ? sql`false` : sql`NOT ${exists}`;
  return exists;
}

/**
 * The filter's conditions, the request's lead scope first (kernel/lead-scope.ts: an agent restricted to their own and
 * unassigned leads never reads, counts or exports another's). `searchIndexed: false` writes the search term so that
 * no index serves it (see selectLeadPageCounted).
 */
/** Stage filter values as stage keys (lw_stage_key's lower case: the index's and the pipeline counters' key). */
const stageKeys = (stages: string[]) => sql.join(stages.map((v) => sql`lower(${v})`), sql`, `);

export function filterConditions(filter: LeadQueryFilter, { searchIndexed = true, scoped = true } = {}): SQL[] {
  const conditions: SQL[] = scoped ? [leadInScope(leads.assigneeId)] : [];
  const status = valuesOf(filter.status);
  const priority = valuesOf(filter.priority);
  const industry = valuesOf(filter.industry);
  const stage = valuesOf(filter.stage);
  const source = valuesOf(filter.source);
  const affiliate = valuesOf(filter.affiliateCode);
  const tags = valuesOf(filter.tag);
  if (status.length) conditions.push(status.length === 1 ? eq(leads.status, status[0]!) : inArray(leads.status, status));
  if (priority.length) conditions.push(inArray(leads.priority, priority));
  if (industry.length) conditions.push(industry.length === 1 ? eq(leads.industry, industry[0]!) : inArray(leads.industry, industry));
  // Written as the per-stage index's key (leads_stage_created_idx): no stage is the 'New' stage, in any letter case.
  if (stage.length) conditions.push(sql`lw_stage_key(${leads.pipelineStage}) IN (${stageKeys(stage)})`);
  if (valuesOf(filter.assignee).length) conditions.push(assigneeCondition(filter));
  if (source.length) conditions.push(anyOf(keys.source, source.map((v) => sql`lw_fold(${v})`)));
  if (affiliate.length) conditions.push(affiliateCondition(affiliate));
  if (tags.length) conditions.push(sql`${leads.tags} && ARRAY[${sql.join(tags.map((tag) => sql`${tag}`), sql`, `)}]::text[]`);
  if (filter.q) conditions.push(searchCondition(filter.q, searchIndexed));
  const createdThrough = createdThroughOf(filter);
  if (filter.createdFrom) conditions.push(sql`${leads.createdAt} >= ${utcDayStart(filter.createdFrom)}`);
  if (createdThrough) conditions.push(sql`${leads.createdAt} < ${utcDayAfter(createdThrough)}`);
  if (filter.updatedFrom) conditions.push(sql`${leads.updatedAt} >= ${utcDayStart(filter.updatedFrom)}`);
  if (filter.updatedTo) conditions.push(sql`${leads.updatedAt} < ${utcDayAfter(filter.updatedTo)}`);
  const kpi = kpiCondition(filter);
  if (kpi) conditions.push(kpi);
  return conditions;
}

/**
 * Each sort is an indexed expression over (key, id), never NULL (a cursor carries its last key); the key cast turns
 * a cursor's text back into that expression's type. The indexes: leads_created_search_idx, leads_updated_idx,
 * leads_name_fold_idx, and the leads_sort_*_idx of migration 0041, whose expressions must stay these exactly.
 */
const asText = sql`::text COLLATE "C"`;
const asRank = sql`::int`;
const sortExpressions: Record<LeadSortField, { expr: SQL; keyCast: SQL }> = {
  createdAt: { expr: sql`${leads.createdAt}`, keyCast: sql`::timestamptz` },
  updatedAt: { expr: sql`${leads.updatedAt}`, keyCast: sql`::timestamptz` },
  businessName: { expr: folded(sql`${leads.businessName}`), keyCast: asText },
  contactName: { expr: keys.contactName, keyCast: asText },
  email: { expr: keys.email, keyCast: asText },
  industry: { expr: keys.industry, keyCast: asText },
  status: { expr: rankOf(sql`${leads.status}`, leadStatuses), keyCast: asRank },
  priority: { expr: rankOf(sql`${leads.priority}`, leadPriorities), keyCast: asRank },
  pipelineStage: { expr: keys.stage, keyCast: asText },
  assignedTo: { expr: keys.assignee, keyCast: asText },
  leadSource: { expr: keys.source, keyCast: asText },
};

function sortParts(sort: LeadSort) {
  const descending = sort.startsWith("-");
  const field = (descending ? sort.slice(1) : sort) as LeadSortField;
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
  /** Which fields each lead's document holds; full unless said. */
  view?: LeadView;
}

/** A page of leads already serialised by PostgreSQL, plus the sort key of its last row when another page follows. */
export interface LeadPageJson {
  /** A JSON array of lead documents (the shape toLead gives, or its summary fields), ready to send. */
  json: string;
  next: PageCursor | null;
}

const isoUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stored lead field as SQL, empty as its declared fallback (toLead's answer, contract/lead-fields.ts). */
function answeredColumn(name: LeadFieldName): SQL {
  const { fallback }: FieldType = leadFields[name].type;
  return fallback === undefined ? sql`${leadColumns[name]}` : sql`coalesce(${leadColumns[name]}, ${sqlStringLiteral(fallback)})`;
}
const isLeadField = (name: string): name is LeadFieldName => Object.hasOwn(leadFields, name);

/**
 * The Lead document's columns under their contract names: toLead's mapping (declared fallbacks and second names,
 * nested kpi, ISO dates) written in SQL.
 */
const leadDocumentColumns: [name: string, value: SQL][] = [
  ...(Object.keys(leadColumns) as (keyof typeof leadColumns)[]).map((name): [string, SQL] => {
    if (name === "createdAt" || name === "updatedAt") return [name, isoUtc(sql`${leadColumns[name]}`)];
    return [name, isLeadField(name) ? answeredColumn(name) : sql`${leadColumns[name]}`];
  }),
  ...fieldAliases(leadFields).map(([alias, name]): [string, SQL] => [alias, sql`${leadColumns[name]}`]),
  [
    "kpi",
    sql`CASE WHEN ${kpiMetrics.leadId} IS NULL THEN NULL ELSE json_build_object('ytdRevenue', ${kpiMetrics.ytdRevenue}::text, 'mrr', ${kpiMetrics.mrr}::text, 'updatedAt', ${isoUtc(sql`${kpiMetrics.updatedAt}`)}) END`,
  ],
];
const summaryNames = new Set<string>(LEAD_SUMMARY_FIELDS);

/**
 * A view's select list and its names, rendered to text once: walking these fifty fragments on every request cost
 * more than the rest of the query.
 */
function documentParts(columns: [name: string, value: SQL][]) {
  return {
    selectList: renderedOnce(
      sql.join(
        columns.map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
        sql`, `,
      ),
    ),
    names: renderedOnce(
      sql.join(
        columns.map(([name]) => sql.identifier(name)),
        sql`, `,
      ),
    ),
  };
}
const documentsOf: Record<LeadView, ReturnType<typeof documentParts>> = {
  full: documentParts(leadDocumentColumns),
  summary: documentParts(leadDocumentColumns.filter(([name]) => summaryNames.has(name))),
};

/** What finds a page's leads: a statement yielding `id` and `lw_text` (the sort key as text) in page order, one more than the page. */
interface PageFinding {
  /** Common table expressions the finding reads (written before it, each `name AS (...)`). */
  ctes?: SQL;
  finding: SQL;
  /** How many leads match: the matches read through the search indexes, counted up to one past the cap, or the counters' sum (countOf). */
  matched?: SQL;
  /** The sampled leads that match (see sampleCount), computed from the ctes. */
  sampled?: SQL;
}

/**
 * A page found and read in one statement: the leads the finding yields (materialised once, numbered in its order),
 * their documents as one JSON array serialised by PostgreSQL, and the key of the page's last lead. One statement, not
 * the finding and then its documents: each round trip costs both processes a system call, and on this machine those
 * were most of the server's own time per request. The text holds the finding's words only as parameters and the page
 * size as a number, so each connection plans it once for any values (see walkLimit).
 */
async function pageWithDocuments(
  db: Database,
  request: LeadPageRequest,
  { ctes, finding, matched, sampled }: PageFinding,
): Promise<LeadPageJson & { matched: number | null; sampled: number | null }> {
  const shown = sql.raw(String(Math.trunc(request.limit)));
  const documents = documentsOf[request.view ?? "full"];
  const [row] = await rawRows<{ matched: number | null; sampled: number | null; found: number; last_key: string | null; last_id: number | null; json: string }>(
    db,
    sql`WITH ${ctes ? sql`${ctes}, ` : sql``}found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (${finding}) finding)
        SELECT ${matched ?? sql`NULL::int`} AS matched, ${sampled ?? sql`NULL::int`} AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = ${shown}) AS last_key,
          (SELECT id FROM found WHERE n = ${shown}) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT ${documents.names} FROM (
              SELECT ${documents.selectList}, found.n AS lw_n
              FROM found JOIN ${leads} ON ${leads.id} = found.id LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = found.id
              WHERE found.n <= ${shown}
            ) documents ORDER BY lw_n
          ) doc) AS json`,
    pageStatement(request.filter),
  );
  const more = (row?.found ?? 0) > request.limit && row?.last_key != null && row.last_id != null;
  return {
    json: row?.json ?? "[]",
    next: more ? { sort: request.sort, key: row.last_key!, id: Number(row.last_id) } : null,
    matched: row?.matched ?? null,
    sampled: row?.sampled ?? null,
  };
}

/**
 * Pages are named prepared statements, as searches are (see searchStatement): the text varies with the filters given.
 * A filter repeated for several values writes a list as long as they are: such pages are parsed each time, so no
 * connection collects a statement per count of values picked.
 */
const pageStatement = (filter: LeadQueryFilter) => {
  const several = [filter.status, filter.priority, filter.stage, filter.industry, filter.assignee, filter.source, filter.affiliateCode, filter.tag].some(
    (value) => valuesOf(value).length > 1,
  );
  return several ? { prepared: false } : searchStatement(filter.q);
};

/**
 * The leads a filter matches in the sort's order from a position, as the sort's index walk finds them: a page finding.
 * `conditions` are the filter's without the lead scope (filterConditions' `scoped: false`), which the walk adds.
 *
 * An agent limited to their own leads (issue 26.5) searches the creation order as two walks merged, their leads
 * (leads_assignee_created_search_idx) and the unassigned ones (leads_unassigned_created_search_idx, migration 0052):
 * a walk of the whole creation order passed over everyone else's leads too, about three and a half times the entries
 * for a page of a rare word's matches at 1M leads (bench l).
 */
function walkFinding(request: LeadPageRequest, conditions: SQL[]): PageFinding {
  const { expr, orderBy, after, orderOf } = sortParts(request.sort);
  const where = [...conditions, ...(request.cursor ? [after(request.cursor)] : [])];
  const scope = currentLeadScope();
  // Only for a search: without one, the agent's leads are a quarter of those the single walk passes and a page fills
  // at once; the merge's two walks and costlier plan then took longer than the leads they spared.
  if (scope.kind === "own" && request.sort.endsWith("createdAt") && request.filter.q) {
    // Each branch ordered, under one ORDER BY and LIMIT: PostgreSQL merges the two ordered index walks (Merge Append)
    // and stops both once the page is full, so together they pass over the entries one walk of those leads would.
    // Without their own ORDER BY the branches were flattened into one append, read whole and then sorted.
    // Each branch also carries the page's reach (its size and the leads it skips) as its own LIMIT: a Merge Append
    // picks each branch's path by its whole cost, and on a million leads with a fifth unassigned it chose a parallel
    // scan of every unassigned lead and a sort (180 ms) over the walk of the partial index that stops at the page (2 ms).
    const reach = sql.raw(String(Math.trunc(request.limit) + 1 + (request.cursor ? 0 : (request.offset ?? 0))));
    const walkOf = (owner: SQL) =>
      sql`(SELECT ${leads.id} AS id, ${expr} AS lw_key FROM ${leads} WHERE ${and(owner, ...where)} ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT ${reach})`;
    const key = sql`owners.lw_key`;
    const [own, unassigned] = ownScopeParts(leads.assigneeId, scope);
    return {
      finding: sql`SELECT owners.id, (${key})::text AS lw_text
        FROM (${walkOf(own)} UNION ALL ${walkOf(unassigned)}) owners
        ORDER BY ${sql.join(orderOf(key, sql`owners.id`), sql`, `)}
        ${walkLimit(request)}`,
    };
  }
  return {
    finding: sql`SELECT ${leads.id} AS id, (${expr})::text AS lw_text FROM ${leads}
        WHERE ${and(leadInScope(leads.assigneeId), ...where)}
        ORDER BY ${sql.join(orderBy, sql`, `)}
        ${walkLimit(request)}`,
  };
}

/**
 * A walk's LIMIT written into its text (the page size, from a few), and its OFFSET when it skips none: a prepared
 * statement whose LIMIT is a parameter is costed as if it read a tenth of the table, so PostgreSQL planned it again for
 * every request (0.25 ms of a surname's 3 ms at 1M leads); written as numbers, it settles on the walk's one plan.
 */
function walkLimit(request: LeadPageRequest): SQL {
  const limit = sql.raw(String(Math.trunc(request.limit) + 1));
  const offset = request.cursor ? 0 : (request.offset ?? 0);
  return offset === 0 ? sql`LIMIT ${limit}` : sql`LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * How many leads a filter without a search term matches, as a scalar subquery: from the trigger-kept counters when
 * they can answer (only status, industry and creation days, status and creation days not combined, a stage alone, or
 * only who holds the leads: the assignee filter, an agent's own scope), exact and with no scan; otherwise the matches
 * counted up to one past the cap (for an agent limited to their own leads, those and the unassigned ones), past which
 * the answer says it is not exact.
 */
function countOf(filter: LeadQueryFilter): { count: SQL; capped: boolean } {
  const createdThrough = createdThroughOf(filter);
  const byDay = filter.createdFrom !== undefined || createdThrough !== undefined;
  const status = valuesOf(filter.status);
  const industry = valuesOf(filter.industry);
  const stage = valuesOf(filter.stage);
  // The counters hold leads by status and industry, or by creation day and industry, or by stage alone (the pipeline's,
  // 0009): any other filter is counted.
  const otherwiseUncounted =
    [filter.priority, filter.source, filter.affiliateCode, filter.tag].some((v) => valuesOf(v).length > 0) ||
    [filter.updatedFrom, filter.updatedTo, filter.hasKpi, filter.revenueMin, filter.revenueMax].some((v) => v !== undefined);
  const uncounted = otherwiseUncounted || valuesOf(filter.assignee).length > 0;
  const scope = currentLeadScope();
  // Narrowed only by who holds the leads (an agent's scope, the assignee filter, or both): the per-assignee counters.
  const assigneeKeys = otherwiseUncounted || byDay || status.length || industry.length || stage.length ? null : assigneeCounterKeys(filter, scope);
  if (assigneeKeys) {
    return {
      count: assigneeKeys.length
        ? sql`(SELECT coalesce(sum(${leadAssigneeCounts.n}), 0)::int FROM ${leadAssigneeCounts} WHERE ${inArray(leadAssigneeCounts.assigneeKey, assigneeKeys)})`
        : sql`0`,
      capped: false,
    };
  }
  // An agent limited to their leads and the unassigned ones, with other filters (the counters hold every lead): each
  // part counted as a range of leads_assignee_idx, up to the cap. Written as one OR (a prepared statement's generic
  // plan), PostgreSQL walked that whole index from its start and tested every entry against both parts.
  if (scope.kind === "own") {
    const cap = sql.raw(String(SEARCH_COUNT_CAP + 1));
    const rest = filterConditions(filter, { scoped: false });
    const part = (owner: SQL) => sql`(SELECT FROM ${leads} WHERE ${and(owner, ...rest)} LIMIT ${cap})`;
    const [own, unassigned] = ownScopeParts(leads.assigneeId, scope);
    return { count: sql`(SELECT count(*)::int FROM (SELECT FROM (${part(own)} UNION ALL ${part(unassigned)}) parts LIMIT ${cap}) capped)`, capped: true };
  }
  // A stage alone is one of the most picked filters, and counting its matches up to the cap read a few hundred pages
  // of the table a request through the sequential scan's small ring of buffers (38 ms p50 at 32 connections against
  // 12 for a status, at 1M leads): the pipeline's counters answer it as the status counters answer a status.
  if (stage.length && !uncounted && !byDay && !status.length && !industry.length) {
    return {
      count: sql`(SELECT coalesce(sum(${pipelineStageCounts.n}), 0)::int FROM ${pipelineStageCounts} WHERE ${pipelineStageCounts.stageKey} IN (${stageKeys(stage)}))`,
      capped: false,
    };
  }
  if (uncounted || stage.length || (byDay && status.length)) {
    return {
      count: cappedCount(and(...filterConditions(filter))),
      capped: true,
    };
  }
  const conditions: SQL[] = [];
  if (byDay) {
    if (industry.length) conditions.push(inArray(leadDailyCounts.industry, industry));
    if (filter.createdFrom) conditions.push(sql`${leadDailyCounts.day} >= ${filter.createdFrom}::date`);
    if (createdThrough) conditions.push(sql`${leadDailyCounts.day} <= ${createdThrough}::date`);
  } else {
    if (status.length) conditions.push(inArray(leadCounts.status, status));
    if (industry.length) conditions.push(inArray(leadCounts.industry, industry));
  }
  const counter = byDay ? leadDailyCounts : leadCounts;
  return { count: sql`(SELECT coalesce(sum(${counter.n}), 0)::int FROM ${counter} ${conditions.length ? sql`WHERE ${and(...conditions)}` : sql``})`, capped: false };
}

/**
 * A page and the filter's count together. A search served by the trigram index is counted in the sample first
 * (SEARCH_SAMPLE_MODULUS): when the sample holds enough matches, the total is estimated from it, the full match set
 * is never read, and the page is read in the sort's index order, where a term matching that many leads soon fills it
 * (for the creation order from an index that also holds search_text, so the leads it passes over are not read from
 * the table). Otherwise the matches are read once through the search indexes, up to the cap: when that is every
 * match, the count is exact and the page is sorted and cut from them. Without a term, the counters answer the count,
 * in the page's statement (countOf).
 *
 * The sample count and whichever page it calls for are one statement (sampledFinding): each round trip cost the
 * server a system call on either side, most of its own time per request. Its text does not vary with the term, so
 * each connection plans it once. Only past the cap (the sample said fewer than about a thousand, the matches are
 * more) does a second statement walk the sort's order.
 */
export async function selectLeadPageCounted(db: Database, request: LeadPageRequest): Promise<LeadPageJson & { total: number; exact: boolean }> {
  if (!request.filter.q) {
    const { count, capped } = countOf(request.filter);
    const read = await pageWithDocuments(db, request, { ...walkFinding(request, filterConditions(request.filter, { scoped: false })), matched: count });
    return { json: read.json, next: read.next, ...(capped ? cappedTotal(read.matched ?? 0) : { total: read.matched ?? 0, exact: true }) };
  }
  const matching = filterConditions(request.filter);
  const trigrams = searchUsesTrigrams(request.filter.q);
  const read = await pageWithDocuments(db, request, trigrams ? sampledFinding(request, matching) : cappedFinding(request, matching));
  if (trigrams && sampleSettles(read.sampled ?? 0)) return { json: read.json, next: read.next, total: estimateFromSample(read.sampled ?? 0), exact: false };
  const total = cappedTotal(read.matched ?? 0);
  // Past the cap the matches read are not the first in the sort's order.
  const { json, next } = total.exact ? read : await pageWithDocuments(db, request, walkFinding(request, walkConditions(request)));
  return { json, next, ...total };
}

/**
 * The sample's count, and the page either walked in the sort's order (when the sample settles the total) or cut from
 * the matches read up to the cap (when it does not): both branches are in the statement, each behind a condition on
 * the count that PostgreSQL tests once, before running the branch at all.
 */
function sampledFinding(request: LeadPageRequest, matching: SQL[]): PageFinding {
  const settles = sampleSettlesIn("lw_sample");
  const walk = walkFinding(request, [...walkConditions(request), settles]);
  const capped = cappedFinding(request, [...matching, sql`NOT ${settles}`]);
  return {
    ctes: sql`lw_sample AS MATERIALIZED (${sampleCount(and(...matching))}), ${capped.ctes}`,
    finding: sql`(${walk.finding}) UNION ALL (${capped.finding})`,
    matched: capped.matched,
    sampled: sql`(SELECT n FROM lw_sample)`,
  };
}

/**
 * The conditions of a walk in the sort's index order past many matches. It must be chosen over a bitmap scan of
 * every match, but the planner cannot know how many leads a pattern matches (its estimate rests on the statistics'
 * sample and swung from 100 to 12,000 between two seeds of the same data): for one word in creation order, the term is
 * written so that no index can serve it. One word only: the planner guesses a default share of rows for a pattern it
 * cannot see, which for one word still makes the walk cheap, but for several words (the product of the guesses)
 * makes a full scan look cheaper.
 */
function walkConditions(request: LeadPageRequest): SQL[] {
  const oneWord = searchWords(request.filter.q ?? "").length <= 1;
  return filterConditions(request.filter, { searchIndexed: !(oneWord && request.sort.endsWith("createdAt")), scoped: false });
}

/**
 * The matches read through the search indexes up to one past the cap, counted (the finding's matched column), with the
 * page cut from them in the sort's order (after the cursor).
 */
function cappedFinding(request: LeadPageRequest, matching: SQL[]): PageFinding {
  const { expr, orderOf, afterOf } = sortParts(request.sort);
  const key = sql`matches.lw_key`;
  const id = sql`matches.id`;
  return {
    ctes: sql`matches AS MATERIALIZED (
          SELECT ${leads.id} AS id, ${expr} AS lw_key FROM ${leads} WHERE ${and(...matching)} LIMIT ${sql.raw(String(SEARCH_COUNT_CAP + 1))}
        )`,
    finding: sql`SELECT ${id} AS id, (${key})::text AS lw_text FROM matches ${request.cursor ? sql`WHERE ${afterOf(key, id, request.cursor)}` : sql``}
          ORDER BY ${sql.join(orderOf(key, id), sql`, `)}
          ${walkLimit(request)}`,
    matched: sql`(SELECT count(*)::int FROM matches)`,
  };
}

/** An exported lead field as the text of its cell. */
function exportCell({ name, cell }: ExportedField<LeadFieldName>): SQL {
  const value = answeredColumn(name);
  switch (cell) {
    case "text":
      return value;
    case "list":
      return sql`array_to_string(${value}, ${sqlStringLiteral(LIST_CELL_SEPARATOR)})`;
    case "boolean":
    case "json":
    case "id":
      return sql`${value}::text`;
  }
}

const exportedLeadFields = exportedFields(leadFields);

/**
 * The columns a CSV export writes, in the order of LEAD_EXPORT_HEADERS: the id, the exported lead fields (declared in
 * contract/lead-fields.ts, in their order), the KPI figures and the dates.
 */
/** Every exported cell by its header: the id, the exported lead fields (declared in contract/lead-fields.ts, in their order), the KPI figures and the dates. */
const exportCells: readonly { header: string; cell: SQL }[] = [
  { header: "ID", cell: sql`${leads.id}::text` },
  ...exportedLeadFields.map((field) => ({ header: field.header, cell: exportCell(field) })),
  { header: "YTD revenue", cell: sql`${kpiMetrics.ytdRevenue}::text` },
  { header: "MRR", cell: sql`${kpiMetrics.mrr}::text` },
  { header: "Created", cell: isoUtc(sql`${leads.createdAt}`) },
  { header: "Updated", cell: isoUtc(sql`${leads.updatedAt}`) },
];
const cellByHeader = new Map(exportCells.map(({ header, cell }) => [header, cell]));

/** The columns a CSV export writes, in the order of LEAD_EXPORT_HEADERS (the ID first). */
export const LEAD_EXPORT_HEADERS: readonly string[] = exportCells.map((column) => column.header);

export const exportColumns = renderedOnce(
  sql.join(
    exportCells.map((column) => column.cell),
    sql`, `,
  ),
);

/** The CSV cells each column of the leads table writes (its Contact column shows the email and the phone). */
const TABLE_COLUMN_HEADERS: Record<LeadColumnId, readonly string[]> = {
  business: ["Business"],
  owner: ["First name", "Last name"],
  email: ["Email", "Phone"],
  industry: ["Industry"],
  status: ["Status"],
  priority: ["Priority"],
  stage: ["Pipeline stage"],
  assignee: ["Assigned to"],
  source: ["Lead source"],
  created: ["Created"],
  updated: ["Updated"],
};

/** What an export writes: its headers and their cells, the ID first. */
export type LeadExportSelection = { headers: readonly string[]; cells: SQL };

/**
 * The export of a table's columns, in their order: the ID, then each column's cells (a column named twice is written
 * once). `{ unknown }` names the first one that is not a column of the table.
 */
export function leadExportSelection(columns?: readonly string[]): LeadExportSelection | { unknown: string } {
  if (!columns?.length) return { headers: LEAD_EXPORT_HEADERS, cells: exportColumns };
  const unknown = columns.find((id) => !Object.hasOwn(TABLE_COLUMN_HEADERS, id));
  if (unknown !== undefined) return { unknown };
  const headers = ["ID", ...new Set(columns.flatMap((id) => TABLE_COLUMN_HEADERS[id as LeadColumnId]))];
  return { headers, cells: sql.join(headers.map((header) => cellByHeader.get(header)!), sql`, `) };
}

/**
 * Export rows in keyset batches, as arrays of text in the order of the selection's headers (the sort key last):
 * no ORM mapping and no lead objects, so a million-row export is bound by the database and the socket.
 */
export async function* leadExportBatches(
  db: Database,
  filter: LeadQueryFilter,
  sort: LeadSort,
  batchSize = 5_000,
  selection: LeadExportSelection = { headers: LEAD_EXPORT_HEADERS, cells: exportColumns },
): AsyncGenerator<(string | null)[][]> {
  const { expr, orderBy, after } = sortParts(sort);
  let cursor: PageCursor | null = null;
  for (;;) {
    const conditions = filterConditions(filter);
    if (cursor) conditions.push(after(cursor));
    const where = sql`WHERE ${and(...conditions)}`;
    const rows = (await queryArrays(
      db,
      sql`SELECT ${selection.cells}, (${expr})::text
          FROM ${leads} LEFT JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = ${leads.id}
          ${where}
          ORDER BY ${sql.join(orderBy, sql`, `)}
          LIMIT ${batchSize}`,
    )) as (string | null)[][];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    cursor = { sort, key: last[selection.headers.length]!, id: Number(last[0]) };
  }
}
