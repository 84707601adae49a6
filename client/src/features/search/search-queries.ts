import { useQuery } from "@tanstack/react-query";
import type { SearchResult } from "@contract/search";
import { SEARCH_KEY } from "@/lib/query-invalidation";

/** Thrown for any non-ok answer (spec §7: "a non-ok response raises 'Search failed'"). */
export class SearchFailedError extends Error {}

/** Global search across leads, affiliates and issues; runs only for a non-empty term. */
export function useGlobalSearch(term: string) {
  return useQuery<SearchResult>({
    queryKey: [...SEARCH_KEY, term],
    enabled: term.length > 0,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/search?q=${encodeURIComponent(term)}`, { credentials: "include", signal });
      if (!res.ok) throw new SearchFailedError(`${res.status}`);
      const body = (await res.json()) as Partial<SearchResult> | null;
      const list = <T,>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
      const leads = list(body?.leads);
      const affiliates = list(body?.affiliates);
      const issues = list(body?.issues);
      return {
        leads,
        affiliates,
        issues,
        totals: {
          leads: body?.totals?.leads ?? leads.length,
          affiliates: body?.totals?.affiliates ?? affiliates.length,
          issues: body?.totals?.issues ?? issues.length,
        },
      };
    },
  });
}
