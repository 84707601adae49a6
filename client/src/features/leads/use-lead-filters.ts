import { useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { LeadFilter, LeadSortField } from "@contract/leads";
import type { LeadTableState } from "@contract/lead-table";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { activeLeadFilterCount, leadListQuery, leadTableFromSearch, leadTableToSearch } from "./lead-table-url";

export const SEARCH_DEBOUNCE_MS = 250;

/** The filters that take several values (each one a repeated parameter; a lead matches any of them). */
export const LEAD_MANY_FILTERS = ["status", "priority", "stage", "industry", "assignee", "source", "affiliateCode", "tag"] as const;
export type LeadManyFilter = (typeof LEAD_MANY_FILTERS)[number];
/** The filters holding one value each (the search text aside). */
export const LEAD_ONE_FILTERS = ["createdFrom", "createdTo", "updatedFrom", "updatedTo", "hasKpi", "revenueMin", "revenueMax"] as const;
export type LeadOneFilter = (typeof LEAD_ONE_FILTERS)[number];

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map(String).filter((item) => item !== "");

/**
 * The lead list's whole state kept in the address (see lead-table-url.ts): search text (written once typing pauses),
 * every filter, sort and direction, columns and page. A lead opened from the list and left with the browser's back
 * finds the list as it was, and a pasted link shows the same view. Each change of a filter or of the sort is a
 * history entry (back undoes it; typing replaces its entry); changing filters or sort starts at page 1.
 */
export function useLeadFilters() {
  const [path, navigate] = useLocation();
  const address = useSearch();
  const { state } = useMemo(() => leadTableFromSearch(address), [address]);
  const urlQ = (state.filter.q as string | undefined) ?? "";
  const [search, setSearch] = useState(urlQ);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  /** Writes `next` as the list's address (its page back to the first); replaces the entry when asked (typing). */
  const setState = (next: LeadTableState, { replace = false } = {}) => {
    const query = leadTableToSearch({ state: next });
    const to = query ? `${path}?${query}` : path;
    if (to !== `${window.location.pathname}${window.location.search}`) navigate(to, { replace });
  };
  /** The state as the address holds it now (not as of the last render: typing and clicks may come between). */
  const current = () => leadTableFromSearch(window.location.search).state;
  const setFilter = (changes: LeadFilter, options?: { replace?: boolean }) => {
    const now = current();
    setState({ ...now, filter: { ...now.filter, ...changes } }, options);
  };

  useEffect(() => {
    if (q !== urlQ) setFilter({ q: q || undefined }, { replace: true });
    // Only a settled search writes the address; the address is read on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  // The address's search changed by other means (a view applied, back or forward): the box shows it. Adjusted while
  // rendering, as React advises for state that follows a changing input.
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== q) setSearch(urlQ);
  }

  const filter = state.filter as Record<string, unknown>;

  return {
    search,
    setSearch,
    /** The values of a multi-value filter set in the address. */
    values: (name: LeadManyFilter): string[] => asList(filter[name]),
    /** Sets a multi-value filter's values (none: the filter goes). */
    setValues: (name: LeadManyFilter, values: readonly string[]) => setFilter({ [name]: values.length ? [...values] : undefined }),
    /** A one-value filter's value ("" when not set). */
    value: (name: LeadOneFilter): string => asList(filter[name])[0] ?? "",
    setValue: (name: LeadOneFilter, value: string) => setFilter({ [name]: value.trim() || undefined }),
    /** Removes one value of a filter (a chip's button), or the whole filter when no value is named. */
    remove: (name: LeadManyFilter | LeadOneFilter, value?: string) => {
      const now = current();
      const rest = value === undefined ? [] : asList((now.filter as Record<string, unknown>)[name]).filter((item) => item !== value);
      setState({ ...now, filter: { ...now.filter, [name]: rest.length ? rest : undefined } });
    },
    /** Filters other than the search text that are set (the Filter button's count). */
    activeFilterCount: activeLeadFilterCount(state.filter),
    clearFilters: () => {
      const now = current();
      setState({ ...now, filter: { q: now.filter.q } });
    },
    /** The table's whole state (what saved views store). */
    state,
    setState,
    sort: state.sort,
    dir: state.dir,
    /** Sorts by `field`: ascending first, the same field again turns the direction round. */
    toggleSort: (field: LeadSortField) => {
      const now = current();
      setState({ ...now, sort: field, dir: now.sort === field && now.dir === "asc" ? "desc" : "asc" });
    },
    /** The filters the list is asked for (search included). */
    applied: state.filter,
    /** The list's query: filters, sort and direction (also what Export Data downloads, with the columns). */
    query: leadListQuery(state),
  };
}

export type LeadFiltersState = ReturnType<typeof useLeadFilters>;
