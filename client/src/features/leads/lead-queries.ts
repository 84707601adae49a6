import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { LEAD_PAGE_DEFAULT, leadEndpoints, type LeadFilter, type LeadInputRaw, type LeadSortField, type leadUpdateSchema } from "@contract/leads";
import { apiErrorStatus } from "@/lib/api";
import { callApi, callPage, downloadUrl } from "@/lib/api-client";
import { LEADS_KEY, refreshLeadData } from "@/lib/query-invalidation";
import { useLiveLeadRefresh } from "@/lib/live-events";

/** The list's query: every filter, the sort (a field and its direction) and the page. */
export type LeadListParams = LeadFilter & { sort?: LeadSortField; dir?: "asc" | "desc"; cursor?: string; limit?: number };
/** A partial update: only the fields sent change. */
export type LeadChanges = z.input<typeof leadUpdateSchema>;

function fetchLeadPage({ limit = LEAD_PAGE_DEFAULT, ...query }: LeadListParams, signal: AbortSignal) {
  return callPage(leadEndpoints.list, { query: { limit, ...query } }, { signal });
}

/** The whole filtered list as CSV in the table's sort, with the columns shown when given (what Export Data downloads on the lead screens). */
export function leadExportUrl({ columns, ...query }: LeadFilter & { sort?: LeadSortField; dir?: "asc" | "desc"; columns?: readonly string[] } = {}): string {
  return downloadUrl(leadEndpoints.exportCsv, { query: { ...query, ...(columns ? { columns: [...columns] } : {}) } });
}

/** One page of leads; the previous page stays on screen while the next one loads. */
export function useLeadList(params: LeadListParams) {
  return useQuery({
    queryKey: [...LEADS_KEY, "list", params],
    queryFn: ({ signal }) => fetchLeadPage(params, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** One whole lead (its page); a 404 (unknown or deleted) or 410 (merged into another lead) is not retried. */
export function useLead(id: number) {
  useLiveLeadRefresh(id, [[...LEADS_KEY, "one", id]]);
  return useQuery({
    queryKey: [...LEADS_KEY, "one", id],
    queryFn: ({ signal }) => callApi(leadEndpoints.get, { params: { id } }, { signal }),
    retry: (failures, error) => apiErrorStatus(error) !== 404 && apiErrorStatus(error) !== 410 && failures < 2,
  });
}

/** The newest leads (default sort is newest first). */
export function useRecentLeads(limit: number) {
  return useQuery({
    queryKey: [...LEADS_KEY, "recent", limit],
    queryFn: async ({ signal }) => (await fetchLeadPage({ limit }, signal)).rows,
    refetchOnMount: "always",
  });
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadInputRaw) => callApi(leadEndpoints.create, { body }),
    onSuccess: () => refreshLeadData(queryClient),
  });
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: LeadChanges }) => callApi(leadEndpoints.update, { params: { id }, body: changes }),
    onSuccess: () => refreshLeadData(queryClient),
  });
}

/**
 * `onDeleted` runs before the lead data is read again: a page showing the deleted lead leaves first, rather than
 * reading it again and meeting a 404 (which would also unmount it before its own callbacks ran).
 */
export function useDeleteLead(onDeleted?: (id: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(leadEndpoints.remove, { params: { id } }),
    onSuccess: (_reply, id) => {
      onDeleted?.(id);
      return refreshLeadData(queryClient);
    },
  });
}
