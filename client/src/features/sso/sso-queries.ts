import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ssoEndpoints, type SsoProviderId, type SsoProviderSettingsBody } from "@contract/sso";
import { callApi } from "@/lib/api-client";
import { PUBLIC_SSO_PROVIDERS_KEY } from "@/features/auth";

const CONFIG_KEY = ["/api/enterprise/sso/config"] as const;

/** The providers with their configured and enabled flags (the Enterprise tab). */
export function useSsoConfig() {
  return useQuery({ queryKey: CONFIG_KEY, queryFn: ({ signal }) => callApi(ssoEndpoints.config, {}, { signal }) });
}

function useSsoMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: CONFIG_KEY }), queryClient.invalidateQueries({ queryKey: PUBLIC_SSO_PROVIDERS_KEY })]),
  });
}

export const useConfigureSsoProvider = () =>
  useSsoMutation(({ provider, body }: { provider: SsoProviderId; body: SsoProviderSettingsBody }) => callApi(ssoEndpoints.configure, { params: { provider }, body }));

export const useSetSsoProviderEnabled = () =>
  useSsoMutation(({ provider, enabled }: { provider: SsoProviderId; enabled: boolean }) => callApi(ssoEndpoints.setEnabled, { params: { provider }, body: { enabled } }));
