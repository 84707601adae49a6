import { useQuery } from "@tanstack/react-query";
import { dashboardEndpoints } from "@contract/dashboard";
import { callApi } from "@/lib/api-client";
import { DASHBOARD_KEY } from "@/lib/query-invalidation";

export function useDashboardStats() {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: ({ signal }) => callApi(dashboardEndpoints.get, {}, { signal }), refetchOnMount: "always" });
}
