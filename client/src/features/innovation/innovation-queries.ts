import { useQuery } from "@tanstack/react-query";
import { innovationEndpoints } from "@contract/records";
import { INNOVATION_DASHBOARD_REFRESH_MS } from "@contract/records/innovation";
import { callApi } from "@/lib/api-client";
import { RECORDS_KEY } from "@/features/records";

/** The dashboard's figures, every 5 minutes (spec §7); under the records prefix, so a saved record refreshes it. */
export function useInnovationDashboard() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "innovation-dashboard"],
    queryFn: ({ signal }) => callApi(innovationEndpoints.dashboard, {}, { signal }),
    refetchInterval: INNOVATION_DASHBOARD_REFRESH_MS,
  });
}

/** Full-text search of the knowledge base; nothing is asked until there is a query. */
export function useKnowledgeSearch(text: string) {
  return useQuery({
    queryKey: [...RECORDS_KEY, "knowledge-search", text],
    queryFn: ({ signal }) => callApi(innovationEndpoints.knowledgeSearch, { query: { q: text } }, { signal }),
    enabled: text !== "",
  });
}
