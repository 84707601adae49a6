import { useMemo, useState } from "react";
import type { LeadFilter, LeadStatus } from "@contract/leads";
import { useDebouncedValue } from "@/lib/use-debounced-value";

export const SEARCH_DEBOUNCE_MS = 250;

/** The lead list's search text (sent once typing pauses) and its status / industry filters. */
export function useLeadFilters() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<LeadStatus | "">("");
  const [industry, setIndustry] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const applied = useMemo<LeadFilter>(
    () => ({ q: q || undefined, status: status || undefined, industry: industry || undefined }),
    [q, status, industry],
  );

  return {
    search,
    setSearch,
    status,
    setStatus,
    industry,
    setIndustry,
    /** Filters other than the search text that are set (the Filter button's count). */
    activeFilterCount: (status ? 1 : 0) + (industry ? 1 : 0),
    clearFilters: () => {
      setStatus("");
      setIndustry("");
    },
    applied,
  };
}

export type LeadFiltersState = ReturnType<typeof useLeadFilters>;
