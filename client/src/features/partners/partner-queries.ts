import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { affiliateEndpoints } from "@contract/affiliates";
import { NOT_STAFF_SESSION } from "@/lib/query-client";
import { ApiError } from "@/lib/api-error";
import { callApi, type Transport } from "@/lib/api-client";
import { clearPartnerSession, type PartnerSession } from "./partner-session";

export const PARTNER_DASHBOARD_KEY = ["partner-dashboard"] as const;

/**
 * Sends with the partner's token and without cookies: the portal never rides on a staff session that happens to
 * be open in the same browser. A refusal throws an ApiError like every other call (lib/api.ts). The portal's calls
 * carry no body.
 */
const withPartnerToken =
  (token: string): Transport =>
  async (method, url, _body, signal) => {
    const res = await fetch(url, { method, credentials: "omit", signal, headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw await ApiError.fromResponse(res);
    return res;
  };

/** Keyed by the token too: a new sign-in never starts from an answer (e.g. a 401) given to an earlier token. */
export function usePartnerDashboard(session: PartnerSession) {
  return useQuery({
    queryKey: [...PARTNER_DASHBOARD_KEY, session.affiliate.id, session.token],
    queryFn: ({ signal }) =>
      callApi(affiliateEndpoints.dashboard, { params: { id: session.affiliate.id } }, { signal, send: withPartnerToken(session.token) }),
    refetchOnMount: "always",
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

/** Revokes the token on the server, then forgets it here whatever the answer (an expired token is as good as gone). */
export function usePartnerSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (session: PartnerSession) => {
      try {
        await callApi(affiliateEndpoints.logout, {}, { send: withPartnerToken(session.token) });
      } catch {
        // Already revoked or expired, or the server is unreachable: the token is dropped here all the same.
      }
    },
    onSettled: () => {
      clearPartnerSession();
      queryClient.removeQueries({ queryKey: PARTNER_DASHBOARD_KEY });
    },
    meta: { [NOT_STAFF_SESSION]: true },
  });
}
