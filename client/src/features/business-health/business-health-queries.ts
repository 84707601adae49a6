import { useQuery } from "@tanstack/react-query";
import { businessHealthEndpoints } from "@contract/records";
import { BUSINESS_HEALTH_REFRESH_MS } from "@contract/records/business-health";
import { callApi } from "@/lib/api-client";
import { RECORDS_KEY } from "@/features/records";

/** The dashboard's figures, every 5 minutes (spec §7); under the records prefix, so a saved record refreshes it. */
export function useBusinessHealthDashboard() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "business-health-dashboard"],
    queryFn: ({ signal }) => callApi(businessHealthEndpoints.dashboard, {}, { signal }),
    refetchInterval: BUSINESS_HEALTH_REFRESH_MS,
  });
}
