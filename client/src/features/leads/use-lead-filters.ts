import { useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { leadStatuses, type LeadFilter, type LeadSortField, type LeadStatus } from "@contract/leads";
import type { LeadTableState } from "@contract/lead-table";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { activeLeadFilterCount, leadListQuery, leadTableFromSearch, leadTableToSearch } from "./lead-table-url";

export const SEARCH_DEBOUNCE_MS = 250;

const isStatus = (value: unknown): value is LeadStatus => (leadStatuses as readonly unknown[]).includes(value);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/**
 * The lead list's whole state kept in the address (see lead-table-url.ts): search text (written once typing pauses),
 * every filter, sort and direction, columns and page. A lead opened from the list and left with the browser's back
 * finds the list as it was, and a pasted link shows the same view. Changing filters or sort starts at page 1.
 */
export function useLeadFilters() {
  const [path, navigate] = useLocation();
  const address = useSearch();
  const { state } = useMemo(() => leadTableFromSearch(address), [address]);
  const [search, setSearch] = useState(() => (state.filter.q as string | undefined) ?? "");
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

  const urlQ = (state.filter.q as string | undefined) ?? "";
  useEffect(() => {
    if (q !== urlQ) setFilter({ q: q || undefined }, { replace: true });
    // Only a settled search writes the address; the address is read on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const status = isStatus(first(state.filter.status)) ? (first(state.filter.status) as LeadStatus) : "";
  const industry = (first(state.filter.industry) as string | undefined) ?? "";

  return {
    search,
    setSearch,
    status,
    setStatus: (next: LeadStatus | "") => setFilter({ status: next ? [next] : undefined }, { replace: true }),
    industry,
    setIndustry: (next: string) => setFilter({ industry: next ? [next] : undefined }, { replace: true }),
    /** Filters other than the search text that are set (the Filter button's count). */
    activeFilterCount: activeLeadFilterCount(state.filter),
    clearFilters: () => {
      const now = current();
      setState({ ...now, filter: { q: now.filter.q } }, { replace: true });
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
    /** The list's query: filters, sort and direction (also what Export Data downloads). */
    query: leadListQuery(state),
  };
}

export type LeadFiltersState = ReturnType<typeof useLeadFilters>;
