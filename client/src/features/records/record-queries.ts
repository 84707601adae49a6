import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecordFamily } from "@contract/records/family";
import { endpointsOf, type FamilyInput, type FamilyRecord } from "@contract/records/schemas";
import { callApi } from "@/lib/api-client";

/** Every record query starts with this, then the family's key: a change to a family refreshes its lists and the dashboards. */
export const RECORDS_KEY = ["/api/records"] as const;

export type FamilyList<Analytics> = { rows: FamilyRecord[]; total: number; analytics: Analytics };

/** One page of a family's records and its analytics (computed over every record), refreshed every `refetchInterval` ms. */
export function useFamilyList<Analytics = Record<string, unknown>>(family: RecordFamily, query: Record<string, string | number | undefined>, refetchInterval: number) {
  return useQuery({
    queryKey: [...RECORDS_KEY, family.key, "list", query],
    queryFn: async ({ signal }) => {
      const answer = (await callApi(endpointsOf(family).list, { query }, { signal })) as Record<string, unknown>;
      return { rows: answer[family.listKey] as FamilyRecord[], total: answer.total as number, analytics: answer.analytics as Analytics } satisfies FamilyList<Analytics>;
    },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

function useRefreshRecords() {
  const queryClient = useQueryClient();
  // Dashboards read several families: refresh everything under the records prefix.
  return () => queryClient.invalidateQueries({ queryKey: RECORDS_KEY });
}

export function useSaveRecord(family: RecordFamily) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: FamilyInput }) =>
      id === null
        ? callApi(endpointsOf(family).create, { body: values })
        : callApi(endpointsOf(family).update, { params: { id }, body: values }),
    onSuccess: refresh,
  });
}

export function useDeleteRecord(family: RecordFamily) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (id: number) => callApi(endpointsOf(family).remove, { params: { id } }),
    onSuccess: refresh,
  });
}
