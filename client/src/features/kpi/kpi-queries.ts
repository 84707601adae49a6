import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { KpiRecord, KpiSyncBody, KpiTotals } from "@contract/kpi";
import { apiRequest } from "@/lib/api";
import { fetchPage } from "@/lib/paged-fetch";
import { KPI_KEY, refreshKpiData } from "@/lib/query-invalidation";
import { withQuery } from "@/lib/url";

export const KPI_PAGE_SIZE = 20;

export function useKpiTotals() {
  return useQuery<KpiTotals>({ queryKey: [...KPI_KEY, "totals"], refetchOnMount: "always" });
}

/** Newest updates first; `page` is 0-based. */
export function useKpiList(page: number) {
  return useQuery({
    queryKey: [...KPI_KEY, "list", { page }],
    queryFn: ({ signal }) => fetchPage<KpiRecord>(withQuery("/api/kpi", { limit: KPI_PAGE_SIZE, offset: page * KPI_PAGE_SIZE }), signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** One record, shown straight away from the row it was opened from and then read fresh. */
export function useKpiRecord(record: KpiRecord) {
  return useQuery<KpiRecord>({ queryKey: [...KPI_KEY, record.id], placeholderData: record, refetchOnMount: "always" });
}

export function useSyncKpi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: KpiSyncBody) => (await (await apiRequest("POST", "/api/kpi", body)).json()) as KpiRecord,
    onSuccess: () => refreshKpiData(queryClient),
  });
}

export function useDeleteKpi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/kpi/${id}`);
    },
    onSuccess: () => refreshKpiData(queryClient),
  });
}
