import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { leadEndpoints } from "@contract/leads";
import { taskEndpoints, type TaskCreateInput, type TaskListQueryInput, type TaskUpdateInput } from "@contract/tasks";
import { callApi, callPage } from "@/lib/api-client";
import { LEADS_KEY, TASKS_KEY } from "@/lib/query-invalidation";

/** Every task query starts with TASKS_KEY, so one prefix refreshes lists, pages and assignees. */
export { TASKS_KEY };
/** The Productivity Pipeline's figures count the active tasks (features/pipeline reads under this prefix). */
const PIPELINE_OVERVIEW_KEY = ["/api/pipeline", "overview"] as const;

export type TaskListParams = TaskListQueryInput;

/** One page of tasks, the work to do before the completed, each soonest due first; the previous page stays on screen while the next loads. */
export function useTaskList(params: TaskListParams) {
  return useQuery({
    queryKey: [...TASKS_KEY, "list", params],
    queryFn: ({ signal }) => callPage(taskEndpoints.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** One task (a notification's /tasks?id= link). */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: [...TASKS_KEY, "detail", id],
    queryFn: ({ signal }) => callApi(taskEndpoints.get, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    refetchOnMount: "always",
  });
}


/** One lead, for the name of a lead chosen by id (a /tasks?leadId= link). */
export function useLeadName(id: number | null) {
  return useQuery({
    queryKey: [...LEADS_KEY, "detail", id],
    queryFn: ({ signal }) => callApi(leadEndpoints.get, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    select: (lead) => lead.businessName,
  });
}

/** Leads matching a search, newest first: the lead picker's options. */
export function useLeadOptions(q: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: [...LEADS_KEY, "options", { q, limit }],
    queryFn: ({ signal }) => callPage(leadEndpoints.list, { query: { q: q || undefined, limit } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    select: (page) => page.rows.map((lead) => ({ id: lead.id, name: lead.businessName, email: lead.email })),
  });
}

/** After a task was created, changed or deleted: its lists, and the pipeline's Active Tasks figure. */
export function refreshTaskData(queryClient: QueryClient) {
  return Promise.all([TASKS_KEY, PIPELINE_OVERVIEW_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskCreateInput) => callApi(taskEndpoints.create, { body }),
    onSuccess: () => refreshTaskData(queryClient),
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TaskUpdateInput }) => callApi(taskEndpoints.update, { params: { id }, body: changes }),
    onSuccess: () => refreshTaskData(queryClient),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(taskEndpoints.remove, { params: { id } }),
    onSuccess: () => refreshTaskData(queryClient),
  });
}
