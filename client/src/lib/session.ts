import { queryOptions, useQuery } from "@tanstack/react-query";
import type { authEndpoints } from "@contract/auth";
import { apiErrorStatus } from "@/lib/api";
import { callApi, type DeclaredRoute } from "@/lib/api-client";
import { CURRENT_USER_KEY } from "@/lib/session-keys";

/*
 * Who is signed in: every screen asks (what it may offer, whose name to show), so the session sits on the floor
 * beside the API client, as bulletproof-react keeps its lib/auth; the auth feature holds the screens that change it.
 * The route is checked against authEndpoints by type, so zod stays out of the first chunk (api-client.ts).
 */
const meRoute: DeclaredRoute<typeof authEndpoints.me> = { method: "GET", path: "/auth/me" };

/** The signed-in user, or null when signed out (a 401 here is an answer, not an error). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: async ({ signal }) => {
    try {
      return await callApi(meRoute, {}, { signal });
    } catch (error) {
      if (apiErrorStatus(error) === 401) return null;
      throw error;
    }
  },
});

/** The signed-in user, or null when signed out. */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQuery, enabled: options.enabled ?? true });
}
