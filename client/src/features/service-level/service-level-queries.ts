import { useQuery } from "@tanstack/react-query";
import { serviceLevelEndpoints } from "@contract/service-level";
import { callApi } from "@/lib/api-client";

/** The measured service level, read when the tab opens (spec §7: on load). */
export function useServiceLevel() {
  return useQuery({ queryKey: ["/api/enterprise/sla"], queryFn: ({ signal }) => callApi(serviceLevelEndpoints.get, {}, { signal }) });
}
