import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { integrationEndpoints, type IntegrationKind, type IntegrationSettingsBody, type IntegrationStatusRow } from "@contract/integrations";
import { callApi } from "@/lib/api-client";
import { useCan } from "@/lib/authorization";

const STATUS_KEY = ["/api/integrations/status"] as const;
const AI_INSIGHTS_KEY = ["/api/ai/insights"] as const;
const COMMUNITY_KEY = ["/api/community/analytics"] as const;

/** Spec §7: the status list every 30 s, AI insights every 60 s, community figures every 5 min. */
export const STATUS_POLL_MS = 30_000;
export const AI_INSIGHTS_POLL_MS = 60_000;
export const COMMUNITY_POLL_MS = 300_000;

/** The four integrations with their status, read again every 30 s while the Integrations tab (or a form) is open. */
export function useIntegrationStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => callApi(integrationEndpoints.status, {}, { signal }),
    refetchInterval: STATUS_POLL_MS,
    refetchOnMount: "always",
  });
}

/** Puts one integration's fresh row (from a save or a check) into the list, so the card changes without waiting. */
function replaceRow(rows: { integrations: IntegrationStatusRow[] } | undefined, row: IntegrationStatusRow) {
  return rows ? { integrations: rows.integrations.map((current) => (current.kind === row.kind ? row : current)) } : rows;
}

export function useConfigureIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntegrationSettingsBody) => callApi(integrationEndpoints.configure, { params: { kind: body.kind }, body }),
    onSuccess: (row) => queryClient.setQueryData(STATUS_KEY, (rows: { integrations: IntegrationStatusRow[] } | undefined) => replaceRow(rows, row)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useDisconnectIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: IntegrationKind) => callApi(integrationEndpoints.disconnect, { params: { kind } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

/** Uses the integration once for real (a Slack post, a call to Stripe or Google); the answer says how it went. */
export function useCheckIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: IntegrationKind) => callApi(integrationEndpoints.check, { params: { kind } }),
    onSuccess: (check) => queryClient.setQueryData(STATUS_KEY, (rows: { integrations: IntegrationStatusRow[] } | undefined) => replaceRow(rows, check.integration)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useAiInsights() {
  return useQuery({
    queryKey: AI_INSIGHTS_KEY,
    queryFn: ({ signal }) => callApi(integrationEndpoints.aiInsights, {}, { signal }),
    refetchInterval: AI_INSIGHTS_POLL_MS,
    refetchOnMount: "always",
  });
}

export function useCommunityAnalytics() {
  return useQuery({
    queryKey: COMMUNITY_KEY,
    queryFn: ({ signal }) => callApi(integrationEndpoints.communityAnalytics, {}, { signal }),
    refetchInterval: COMMUNITY_POLL_MS,
    refetchOnMount: "always",
  });
}

/**
 * Whether the signed-in person may connect, change or check integrations. The server guards those routes with the
 * webhooks permission (integrations hold secrets and send data out, like webhooks), so the client asks the same.
 * undefined while the session is still loading, so nothing flashes as refused.
 */
export function useMayConfigureIntegrations(): boolean | undefined {
  return useCan("integrations.manage");
}
