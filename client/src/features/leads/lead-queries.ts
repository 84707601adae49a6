import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Lead, LeadFilter, LeadInputRaw } from "@contract/leads";
import { LEAD_PAGE_DEFAULT } from "@contract/leads";
import { apiRequest } from "@/lib/api";
import { fetchPage } from "@/lib/paged-fetch";
import { LEADS_KEY, refreshLeadData } from "@/lib/query-invalidation";
import { withQuery } from "@/lib/url";

export type LeadListParams = LeadFilter & { cursor?: string; limit?: number };

export function leadListUrl({ limit = LEAD_PAGE_DEFAULT, cursor, q, status, industry }: LeadListParams): string {
  return withQuery("/api/leads", { limit, cursor, q, status, industry });
}

/** The whole filtered list as CSV (what Export Data downloads on the lead screens). */
export function leadExportUrl({ q, status, industry }: LeadFilter = {}): string {
  return withQuery("/api/leads/export.csv", { q, status, industry });
}

/** One page of leads; the previous page stays on screen while the next one loads. */
export function useLeadList(params: LeadListParams) {
  return useQuery({
    queryKey: [...LEADS_KEY, "list", params],
    queryFn: ({ signal }) => fetchPage<Lead>(leadListUrl(params), signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** The newest leads (default sort is newest first). */
export function useRecentLeads(limit: number) {
  return useQuery({
    queryKey: [...LEADS_KEY, "recent", limit],
    queryFn: async ({ signal }) => (await fetchPage<Lead>(leadListUrl({ limit }), signal)).rows,
    refetchOnMount: "always",
  });
}

async function readLead(res: Response): Promise<Lead> {
  return (await res.json()) as Lead;
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LeadInputRaw) => readLead(await apiRequest("POST", "/api/leads", body)),
    onSuccess: () => refreshLeadData(queryClient),
  });
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: Partial<LeadInputRaw> }) =>
      readLead(await apiRequest("PUT", `/api/leads/${id}`, changes)),
    onSuccess: () => refreshLeadData(queryClient),
  });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/leads/${id}`);
    },
    onSuccess: () => refreshLeadData(queryClient),
  });
}
