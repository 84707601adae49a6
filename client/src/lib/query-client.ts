import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@contract/auth";
import { apiErrorStatus } from "@/lib/api";
import { CURRENT_USER_KEY, SETUP_STATUS_KEY } from "@/lib/session-keys";

/**
 * A 401 while someone is signed in means the session ended on the server: forget the user
 * (the auth gate then sends them to /login?next=...) and drop data fetched under that session.
 * A 401 while signed out (e.g. a wrong password) is left to the form that asked.
 */
function handleUnauthorized(error: unknown, meta: Record<string, unknown> | undefined) {
  if (apiErrorStatus(error) !== 401) return;
  if (meta?.[NOT_STAFF_SESSION]) return;
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  if (!user) return;
  endSession();
}

/**
 * Set as `meta: { [NOT_STAFF_SESSION]: true }` on queries and mutations whose 401 says nothing about the staff
 * session: an affiliate's wrong password, or an expired partner-portal token.
 */
export const NOT_STAFF_SESSION = "notStaffSession";

/** Clears everything learned under the current session and marks the visitor signed out. */
export function endSession() {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== SETUP_STATUS_KEY[0] && query.queryKey[0] !== CURRENT_USER_KEY[0],
  });
  queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, null);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleUnauthorized(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _result, mutation) => handleUnauthorized(error, mutation.meta) }),
  defaultOptions: {
    // No default queryFn: each query passes its own (lib/api-client.ts), so no URL is derived from a cache key.
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
