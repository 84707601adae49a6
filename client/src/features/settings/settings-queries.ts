import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiKeyEndpoints, type ApiKeyScope } from "@contract/api-keys";
import { callApi } from "@/lib/api-client";

const API_KEYS_KEY = ["/api/settings/api-keys"] as const;

/** The API keys (prefixes only: the keys themselves are never listed), newest first. Administrators only. */
export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => callApi(apiKeyEndpoints.list, {}, { signal }),
    refetchOnMount: "always",
  });
}

/** Creates a key; the answer carries the whole key, the only time it is ever shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { label: string; scope: ApiKeyScope }) => callApi(apiKeyEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(apiKeyEndpoints.remove, { params: { id } }),
    // Also after a failure: a 404 means someone else deleted it, and the list should stop showing it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
