import { leadSortFields, sortDirections, type LeadFilter, type LeadSortField } from "@contract/leads";
import { DEFAULT_LEAD_TABLE_STATE, leadColumnIds, type LeadColumnId, type LeadTableState } from "@contract/lead-table";

/** The filters that may hold several values: each value is one repeated parameter (?status=new&status=won), as the server reads them. */
const MANY_FILTERS = ["status", "priority", "stage", "industry", "assignee", "source", "affiliateCode", "tag"] as const;
/** The filters holding one value each. */
const ONE_FILTERS = ["q", "createdFrom", "createdTo", "updatedFrom", "updatedTo", "revenueMin", "revenueMax"] as const;

/** The address parameters the table owns (anything else in the address is left alone). */
export const LEAD_TABLE_PARAMS = [...MANY_FILTERS, ...ONE_FILTERS, "hasKpi", "sort", "dir", "cols", "page"] as const;

/** What the address holds for the table: its state and the cursors of the pages before the one shown (page 1: none). */
export type LeadTableAddress = { state: LeadTableState; cursors: string[] };

const isSortField = (value: string | null): value is LeadSortField => (leadSortFields as readonly (string | null)[]).includes(value);
const isColumn = (value: string): value is LeadColumnId => (leadColumnIds as readonly string[]).includes(value);

/** True when the address holds any of the table's state (then a default view is not applied over it). */
export function hasLeadTableState(search: string): boolean {
  const params = new URLSearchParams(search);
  return LEAD_TABLE_PARAMS.some((name) => params.has(name));
}

/**
 * The table's state read from an address's query: unknown or malformed values fall back to the default state (a pasted
 * link never breaks the page), repeated columns count once, and `page` holds the cursors of the pages walked so far.
 */
export function leadTableFromSearch(search: string): LeadTableAddress {
  const params = new URLSearchParams(search);
  const filter: Record<string, unknown> = {};
  for (const name of MANY_FILTERS) {
    const values = params.getAll(name).map((value) => value.trim()).filter(Boolean);
    if (values.length) filter[name] = values;
  }
  for (const name of ONE_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filter[name] = value;
  }
  const hasKpi = params.get("hasKpi");
  if (hasKpi === "true" || hasKpi === "false") filter.hasKpi = hasKpi;

  const sortParam = params.get("sort");
  const sort = isSortField(sortParam) ? sortParam : DEFAULT_LEAD_TABLE_STATE.sort;
  const dirParam = params.get("dir");
  const dir = (sortDirections as readonly (string | null)[]).includes(dirParam)
    ? (dirParam as LeadTableState["dir"])
    : DEFAULT_LEAD_TABLE_STATE.dir;
  const cols = params.get("cols");
  const listed = cols === null ? [] : [...new Set(cols.split(",").filter(isColumn))];
  const columns = listed.length ? listed : [...DEFAULT_LEAD_TABLE_STATE.columns];
  const cursors = params.getAll("page").filter(Boolean);
  return { state: { filter: filter as LeadFilter, sort, dir, columns }, cursors };
}

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map(String).filter((v) => v !== "");

/**
 * The address query for a table state (without a leading '?'): only what differs from the default is written, so the
 * plain list keeps its plain address; the columns are written in their order.
 */
export function leadTableToSearch({ state, cursors = [] }: { state: LeadTableState; cursors?: string[] }): string {
  const params = new URLSearchParams();
  const filter = state.filter as Record<string, unknown>;
  for (const name of [...MANY_FILTERS, ...ONE_FILTERS, "hasKpi"] as const) {
    const value = filter[name];
    for (const item of asList(typeof value === "boolean" ? String(value) : value)) params.append(name, item);
  }
  if (state.sort !== DEFAULT_LEAD_TABLE_STATE.sort || state.dir !== DEFAULT_LEAD_TABLE_STATE.dir) {
    params.set("sort", state.sort);
    params.set("dir", state.dir);
  }
  if (state.columns.join(",") !== DEFAULT_LEAD_TABLE_STATE.columns.join(",")) params.set("cols", state.columns.join(","));
  for (const cursor of cursors) params.append("page", cursor);
  return params.toString();
}

/** The list's query for a table state: its filters with sort and dir (what the list and the CSV export are asked). */
export function leadListQuery(state: LeadTableState): LeadFilter & { sort: LeadSortField; dir: LeadTableState["dir"] } {
  return { ...state.filter, sort: state.sort, dir: state.dir };
}

/** How many filters are set (the search text not counted): each value of a multi-value filter counts once. */
export function activeLeadFilterCount(filter: LeadFilter): number {
  const values = filter as Record<string, unknown>;
  return [...MANY_FILTERS, ...ONE_FILTERS, "hasKpi" as const]
    .filter((name) => name !== "q")
    .reduce((count, name) => count + asList(typeof values[name] === "boolean" ? String(values[name]) : values[name]).length, 0);
}
