import { useQuery } from "@tanstack/react-query";
import { ssoEndpoints, type SsoProviderId } from "@contract/sso";
import { callApi } from "@/lib/api-client";

/** The enabled providers' list; the SSO settings invalidate it when a provider is configured or switched. */
export const PUBLIC_SSO_PROVIDERS_KEY = ["/api/auth/sso/providers"] as const;

/** The enabled providers' names, for the sign-in page (no session needed). */
export function usePublicSsoProviders() {
  return useQuery({ queryKey: PUBLIC_SSO_PROVIDERS_KEY, queryFn: ({ signal }) => callApi(ssoEndpoints.publicProviders, {}, { signal }) });
}

/** Where the browser goes to sign in with a provider: a full navigation, since the provider's pages take over. */
export const ssoStartUrl = (provider: SsoProviderId) => `/api${ssoEndpoints.start.path.replace(":provider", provider)}`;
