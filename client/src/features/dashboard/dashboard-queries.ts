import { useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "@contract/dashboard";
import { DASHBOARD_KEY } from "@/lib/query-invalidation";

export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: DASHBOARD_KEY, refetchOnMount: "always" });
}
