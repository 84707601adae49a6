import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { whiteLabelEndpoints, type BrandCreate, type BrandUpdate } from "@contract/white-label";
import { callApi } from "@/lib/api-client";
import { BRANDS_KEY } from "./use-active-brand";

export { useStoredBrands } from "./use-active-brand";

const VERTICALS_KEY = ["/api/white-label/verticals"] as const;

/** Leads and revenue per industry (spec: loaded on load). */
export function useVerticals() {
  return useQuery({ queryKey: VERTICALS_KEY, queryFn: ({ signal }) => callApi(whiteLabelEndpoints.verticals, {}, { signal }) });
}

/** Every brand change may change what the shell shows: read the list again after each. */
function useBrandMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: BRANDS_KEY }) });
}

export const useCreateBrand = () => useBrandMutation((body: BrandCreate) => callApi(whiteLabelEndpoints.create, { body }));
export const useUpdateBrand = () => useBrandMutation(({ id, patch }: { id: number; patch: BrandUpdate }) => callApi(whiteLabelEndpoints.update, { params: { id }, body: patch }));
export const useDeleteBrand = () => useBrandMutation((id: number) => callApi(whiteLabelEndpoints.remove, { params: { id } }));
