import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AffiliateDashboard } from "@contract/affiliates";
import { NOT_STAFF_SESSION } from "@/app/query-client";
import { clearPartnerSession, type PartnerSession } from "./partner-session";

export const PARTNER_DASHBOARD_KEY = ["partner-dashboard"] as const;

/**
 * A call with the partner's token and without cookies: the portal never rides on a staff session that happens to
 * be open in the same browser. Errors read `${status}: ${body}` like every other call (lib/api.ts).
 */
async function partnerRequest(method: "GET" | "POST", url: string, token: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { method, credentials: "omit", signal, headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}

/** Keyed by the token too: a new sign-in never starts from an answer (e.g. a 401) given to an earlier token. */
export function usePartnerDashboard(session: PartnerSession) {
  return useQuery({
    queryKey: [...PARTNER_DASHBOARD_KEY, session.affiliate.id, session.token],
    queryFn: async ({ signal }) =>
      (await partnerRequest("GET", `/api/affiliates/${session.affiliate.id}/dashboard`, session.token, signal)).json() as Promise<AffiliateDashboard>,
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
        await partnerRequest("POST", "/api/affiliates/logout", session.token);
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
