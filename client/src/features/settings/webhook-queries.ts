import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { webhookEndpoints, type CreateWebhookBody } from "@contract/webhooks";
import { callApi } from "@/lib/api-client";

const WEBHOOKS_KEY = ["/api/settings/webhooks"] as const;
const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, "deliveries"] as const;

/** The webhook endpoints (never their secrets), newest first. Administrators only. */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => callApi(webhookEndpoints.list, {}, { signal }),
    refetchOnMount: "always",
  });
}

/** Creates an endpoint; the answer carries its signing secret, the only time it is shown. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => callApi(webhookEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => callApi(webhookEndpoints.update, { params: { id }, body: { enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(webhookEndpoints.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** The endpoint's latest deliveries with their attempts; refreshed every few seconds while retries are pending. */
export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => callApi(webhookEndpoints.deliveries, { params: { id } }, { signal }),
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 3000 : false),
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(webhookEndpoints.sendTest, { params: { id } }),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) => callApi(webhookEndpoints.redeliver, { params: { id, deliveryId } }),
    onSettled: (_data, _error, { id }) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
