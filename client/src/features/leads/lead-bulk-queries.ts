import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { leadBulkEndpoints, leadBulkFinished, type LeadBulkJob, type LeadBulkRequest } from "@contract/lead-bulk";
import { pipelineEndpoints } from "@contract/pipeline";
import { callApi, downloadUrl } from "@/lib/api-client";
import { LEADS_KEY } from "@/lib/query-invalidation";
import type { LeadSelection } from "./lead-selection";

const BULK_KEY = [...LEADS_KEY, "bulk"] as const;
/** How often a running job's progress is asked for. */
const POLL_MS = 1_000;

export const isRunning = (job: LeadBulkJob) => !leadBulkFinished.includes(job.status);

/** The request body's selection part: the ids ticked, or the filter with the count the person confirmed. */
export function selectionBody(selection: LeadSelection): Pick<LeadBulkRequest, "ids" | "filter" | "expectedTotal"> {
  return selection.kind === "ids" ? { ids: selection.ids } : { filter: selection.filter, expectedTotal: selection.total };
}

const RECENT_KEY = [...BULK_KEY, "recent"] as const;
/** The leads' lists and pages (not the bulk actions'): what a finished bulk action may have changed. */
const leadsChanged = { queryKey: LEADS_KEY, predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== "bulk" };

/**
 * The signed-in person's recent bulk actions, asked again every second while one of them runs; when one that was
 * running has finished, the leads lists are asked again (the table shows the new values).
 */
export function useLeadBulkJobs() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: RECENT_KEY,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<LeadBulkJob[]>(RECENT_KEY);
      const jobs = await callApi(leadBulkEndpoints.list, {}, { signal });
      // Finished since the last answer: running then, or started and done between two answers (a small one is quick).
      const was = new Map((before ?? []).map((job) => [job.id, job]));
      const finished = jobs.some((job) => !isRunning(job) && (!was.has(job.id) || isRunning(was.get(job.id)!)));
      if (before && finished) void queryClient.invalidateQueries(leadsChanged);
      return jobs;
    },
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? POLL_MS : false),
  });
}

export function useStartLeadBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadBulkRequest) => callApi(leadBulkEndpoints.start, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECENT_KEY }),
  });
}

export function useCancelLeadBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(leadBulkEndpoints.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BULK_KEY }),
  });
}

/** Where a finished export's CSV downloads from. */
export const leadBulkFileUrl = (id: number) => downloadUrl(leadBulkEndpoints.file, { params: { id } });

/** The stored pipeline stages' names, for the stage action. */
export function useBulkStageNames() {
  return useQuery({
    queryKey: [...BULK_KEY, "stages"],
    queryFn: async ({ signal }) => (await callApi(pipelineEndpoints.listStages, {}, { signal })).map((stage) => stage.name),
  });
}
