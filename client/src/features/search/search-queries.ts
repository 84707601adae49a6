import { useQuery } from "@tanstack/react-query";
import { searchEndpoints } from "@contract/search";
import { callApi } from "@/lib/api-client";
import { SEARCH_KEY } from "@/lib/query-invalidation";

/**
 * Global search across leads, affiliates and issues; runs only for a non-empty term. A non-ok answer fails the query
 * like any other call (so a 401 still ends the session) and the card says "Search failed" (spec §7).
 */
export function useGlobalSearch(term: string) {
  return useQuery({
    queryKey: [...SEARCH_KEY, term],
    enabled: term.length > 0,
    queryFn: ({ signal }) => callApi(searchEndpoints.search, { query: { q: term } }, { signal }),
  });
}
