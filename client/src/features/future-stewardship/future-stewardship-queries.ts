import { useQuery } from "@tanstack/react-query";
import { futureStewardshipEndpoints } from "@contract/records";
import { FUTURE_STEWARDSHIP_REFRESH_MS } from "@contract/records/future-stewardship";
import { callApi } from "@/lib/api-client";
import { RECORDS_KEY } from "@/features/records";

/** The dashboard's figures, every 5 minutes (spec §7); under the records prefix, so a saved record refreshes it. */
export function useFutureStewardshipDashboard() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "future-stewardship-dashboard"],
    queryFn: ({ signal }) => callApi(futureStewardshipEndpoints.dashboard, {}, { signal }),
    refetchInterval: FUTURE_STEWARDSHIP_REFRESH_MS,
  });
}
