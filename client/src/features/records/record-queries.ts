import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EndpointReply } from "@contract/endpoint";
import type { RecordFamily } from "@contract/records/family";
import { endpointsOf, type FamilyAnalytics, type FamilyEndpoints, type FamilyInput, type FamilyRecord } from "@contract/records/schemas";
import { callApi } from "@/lib/api-client";
import type { FamilyListEndpoint } from "./page/declaration";

/** Every record query starts with this, then the family's key: a change to a family refreshes its lists and the dashboards. */
export const RECORDS_KEY = ["/api/records"] as const;

/**
 * A page of family F's records and its analytics, typed from F's declaration (its fields and its analytics schema).
 * `FamilyList<unknown>` is any family's list, as a generic component that reads no figure takes it.
 */
export type FamilyList<F = RecordFamily> = F extends RecordFamily
  ? { rows: FamilyRecord<F>[]; total: number; analytics: FamilyAnalytics<F> }
  : { rows: FamilyRecord[]; total: number; analytics: unknown };

/** The list's query: a page (limit, offset), a sort (sort, direction), a search (q) and the family's filterable enums. */
export type FamilyListQuery = Record<string, string | number | undefined>;

/** The list's answer as the page reads it: the rows under the family's list key (`risks`, `reviews`...) as `rows`. */
function familyListOf<F extends RecordFamily>(family: F, answer: EndpointReply<FamilyEndpoints<F>["list"]>): FamilyList<F>;
function familyListOf(family: RecordFamily, answer: EndpointReply<FamilyEndpoints["list"]>): FamilyList {
  const { [family.listKey]: rows, total, analytics } = answer;
  return { rows: Array.isArray(rows) ? rows : [], total: typeof total === "number" ? total : 0, analytics };
}

/**
 * One page of a family's records and its analytics (computed over every record), refreshed every `refetchInterval`
 * ms (or only when a record is saved, without one), from the family's list endpoint or `endpoint`, another path that
 * answers as it does (Customer Success's GET /api/business-review/list). Both are typed from the family: `useFamilyList(riskFamily, ...)` has `rows[0].likelihood` and
 * `analytics.critical_risks`, and a name the declaration does not have fails the typecheck.
 */
export function useFamilyList<F extends RecordFamily>(family: F, query: FamilyListQuery, refetchInterval?: number, endpoint?: FamilyListEndpoint<F>) {
  const list = endpoint ?? endpointsOf(family).list;
  return useQuery({
    // Another path answering as the family's list (a spec's path) is its own query, still under the family's key.
    queryKey: endpoint ? [...RECORDS_KEY, family.key, "list", query, endpoint.path] : [...RECORDS_KEY, family.key, "list", query],
    queryFn: async ({ signal }) => familyListOf(family, await callApi(list, { query }, { signal })),
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
    // The generated form builds its values from the declaration's fields (record-form-dialog.tsx), for any family.
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
