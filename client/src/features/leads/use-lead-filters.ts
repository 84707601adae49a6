import { useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { leadStatuses, type LeadFilter, type LeadStatus } from "@contract/leads";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { withQuery } from "@/lib/url";

export const SEARCH_DEBOUNCE_MS = 250;

const isStatus = (value: string | null): value is LeadStatus => (leadStatuses as readonly (string | null)[]).includes(value);

/**
 * The lead list's search text (sent once typing pauses) and its status / industry filters, kept in the address
 * (?q=&status=&industry=): a lead opened from the list and left with the browser's back finds the list as it was.
 */
export function useLeadFilters() {
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const status: LeadStatus | "" = isStatus(params.get("status")) ? (params.get("status") as LeadStatus) : "";
  const industry = params.get("industry") ?? "";
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  /** Replaces (not pushes) the list's address with `changes` over what it holds now. */
  const setParams = (changes: { q?: string; status?: string; industry?: string }) => {
    const now = new URLSearchParams(window.location.search);
    const next = { q: now.get("q"), status: now.get("status"), industry: now.get("industry"), ...changes };
    const to = withQuery(path, next);
    if (to !== `${window.location.pathname}${window.location.search}`) navigate(to, { replace: true });
  };

  const urlQ = params.get("q") ?? "";
  useEffect(() => {
    if (q !== urlQ) setParams({ q });
    // Only a settled search writes the address; the address is read on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const applied = useMemo<LeadFilter>(
    () => ({ q: urlQ || undefined, status: status || undefined, industry: industry || undefined }),
    [urlQ, status, industry],
  );

  return {
    search,
    setSearch,
    status,
    setStatus: (next: LeadStatus | "") => setParams({ status: next }),
    industry,
    setIndustry: (next: string) => setParams({ industry: next }),
    /** Filters other than the search text that are set (the Filter button's count). */
    activeFilterCount: (status ? 1 : 0) + (industry ? 1 : 0),
    clearFilters: () => setParams({ status: "", industry: "" }),
    applied,
  };
}

export type LeadFiltersState = ReturnType<typeof useLeadFilters>;
