import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ssoEndpoints, type SsoProviderId, type SsoProviderSettingsBody } from "@contract/sso";
import { callApi } from "@/lib/api-client";

const CONFIG_KEY = ["/api/enterprise/sso/config"] as const;
const PUBLIC_KEY = ["/api/auth/sso/providers"] as const;

/** The providers with their configured and enabled flags (the Enterprise tab). */
export function useSsoConfig() {
  return useQuery({ queryKey: CONFIG_KEY, queryFn: ({ signal }) => callApi(ssoEndpoints.config, {}, { signal }) });
}

/** The enabled providers' names, for the sign-in page (no session needed). */
export function usePublicSsoProviders() {
  return useQuery({ queryKey: PUBLIC_KEY, queryFn: ({ signal }) => callApi(ssoEndpoints.publicProviders, {}, { signal }) });
}

function useSsoMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: CONFIG_KEY }), queryClient.invalidateQueries({ queryKey: PUBLIC_KEY })]),
  });
}

export const useConfigureSsoProvider = () =>
  useSsoMutation(({ provider, body }: { provider: SsoProviderId; body: SsoProviderSettingsBody }) => callApi(ssoEndpoints.configure, { params: { provider }, body }));

export const useSetSsoProviderEnabled = () =>
  useSsoMutation(({ provider, enabled }: { provider: SsoProviderId; enabled: boolean }) => callApi(ssoEndpoints.setEnabled, { params: { provider }, body: { enabled } }));

/** Where the browser goes to sign in with a provider: a full navigation, since the provider's pages take over. */
export const ssoStartUrl = (provider: SsoProviderId) => `/api${ssoEndpoints.start.path.replace(":provider", provider)}`;
