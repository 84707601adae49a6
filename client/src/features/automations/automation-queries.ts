import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { automationEndpoints, type AutomationDefinitionInput, type UpdateAutomationBody } from "@contract/automations";
import { callApi } from "@/lib/api-client";

const AUTOMATIONS_KEY = ["/api/automations"] as const;
const runsKey = (id: number) => [...AUTOMATIONS_KEY, id, "runs"] as const;

export function useAutomations() {
  return useQuery({
    queryKey: AUTOMATIONS_KEY,
    queryFn: ({ signal }) => callApi(automationEndpoints.list, {}, { signal }),
  });
}

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationDefinitionInput) => callApi(automationEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTOMATIONS_KEY }),
  });
}

export function useUpdateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAutomationBody }) => callApi(automationEndpoints.update, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTOMATIONS_KEY }),
  });
}

export function useDeleteAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(automationEndpoints.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTOMATIONS_KEY }),
  });
}

/** A workflow's run log, refreshed every few seconds while it is open (runs follow events within seconds). */
export function useAutomationRuns(id: number) {
  return useQuery({
    queryKey: runsKey(id),
    queryFn: ({ signal }) => callApi(automationEndpoints.runs, { params: { id } }, { signal }),
    refetchInterval: 5000,
  });
}
