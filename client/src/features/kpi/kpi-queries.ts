import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { kpiEndpoints, type KpiRecord, type KpiSyncBody } from "@contract/kpi";
import { callApi, callPage } from "@/lib/api-client";
import { useLiveLeadRefresh } from "@/lib/live-events";
import { KPI_KEY, refreshKpiData } from "@/lib/query-invalidation";

export const KPI_PAGE_SIZE = 20;

export function useKpiTotals() {
  return useQuery({
    queryKey: [...KPI_KEY, "totals"],
    queryFn: ({ signal }) => callApi(kpiEndpoints.totals, {}, { signal }),
    refetchOnMount: "always",
  });
}

/** Newest updates first; `page` is 0-based. */
export function useKpiList(page: number) {
  return useQuery({
    queryKey: [...KPI_KEY, "list", { page }],
    queryFn: ({ signal }) => callPage(kpiEndpoints.list, { query: { limit: KPI_PAGE_SIZE, offset: page * KPI_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** One record, shown straight away from the row it was opened from and then read fresh. */
export function useKpiRecord(record: KpiRecord) {
  return useQuery({
    queryKey: [...KPI_KEY, record.id],
    queryFn: ({ signal }) => callApi(kpiEndpoints.get, { params: { id: record.id } }, { signal }),
    placeholderData: record,
    refetchOnMount: "always",
  });
}

/** A lead's KPI record for its page (under KPI_KEY, so a sync or a delete anywhere reads it again; a live sync too). */
export function useLeadKpi(leadId: number) {
  const queryKey = [...KPI_KEY, "lead", leadId] as const;
  useLiveLeadRefresh(leadId, [queryKey]);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(kpiEndpoints.ofLead, { params: { id: leadId } }, { signal }),
  });
}

export function useSyncKpi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KpiSyncBody) => callApi(kpiEndpoints.sync, { body }),
    onSuccess: () => refreshKpiData(queryClient),
  });
}

export function useDeleteKpi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(kpiEndpoints.remove, { params: { id } }),
    onSuccess: () => refreshKpiData(queryClient),
  });
}
