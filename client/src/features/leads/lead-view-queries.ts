import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeadTableState } from "@contract/lead-table";
import { leadViewEndpoints, leadViewFilter, type LeadView, type LeadViewInput } from "@contract/lead-views";
import { pipelineEndpoints } from "@contract/pipeline";
import { callApi } from "@/lib/api-client";

/** Views are the signed-in person's table settings, not lead data: their own key, refreshed by their own mutations. */
const LEAD_VIEWS_KEY = ["lead-views"] as const;

/** What the table shows when a view is applied. */
export const leadViewState = (view: LeadView): LeadTableState => ({
  filter: leadViewFilter(view.query),
  sort: view.sort,
  dir: view.dir,
  columns: [...view.columns],
});

/** The body saving the table's current state under a name. */
export const leadViewBody = (state: LeadTableState, name: string, shared: boolean): LeadViewInput => ({
  name,
  shared,
  query: state.filter,
  sort: state.sort,
  dir: state.dir,
  columns: state.columns,
});

/** The views the signed-in person may use: their own first, then the shared ones. */
export function useLeadViews() {
  return useQuery({
    queryKey: LEAD_VIEWS_KEY,
    queryFn: ({ signal }) => callApi(leadViewEndpoints.list, {}, { signal }),
  });
}

/**
 * The signed-in person's default view as the table state to open with: undefined while loading, null when they have
 * none (or the views could not be read: the table opens with its own defaults).
 */
export function useDefaultLeadView(): LeadTableState | null | undefined {
  const views = useLeadViews();
  if (views.isPending) return undefined;
  const view = views.data?.find((candidate) => candidate.isDefault);
  return view ? leadViewState(view) : null;
}

function useViewMutation<A>(call: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAD_VIEWS_KEY }) });
}

export const useCreateLeadView = () => useViewMutation((body: LeadViewInput) => callApi(leadViewEndpoints.create, { body }));
export const useUpdateLeadView = () =>
  useViewMutation(({ id, body }: { id: number; body: LeadViewInput }) => callApi(leadViewEndpoints.update, { params: { id }, body }));
export const useDeleteLeadView = () => useViewMutation((id: number) => callApi(leadViewEndpoints.delete, { params: { id } }));
export const useSetDefaultLeadView = () => useViewMutation((id: number) => callApi(leadViewEndpoints.setDefault, { params: { id } }));
export const useClearDefaultLeadView = () => useViewMutation(() => callApi(leadViewEndpoints.clearDefault, {}));

/** The pipeline's stage names, 'New' first (the stage filter's choices). */
export function useLeadStageNames() {
  return useQuery({
    queryKey: ["lead-filter-stages"],
    queryFn: async ({ signal }) => (await callApi(pipelineEndpoints.listStages, {}, { signal })).map((stage) => stage.name),
    staleTime: 60_000,
  });
}
