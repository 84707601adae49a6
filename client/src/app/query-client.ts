import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@contract/auth";
import { apiErrorStatus, getQueryFn } from "@/lib/api";
import { CURRENT_USER_KEY, SETUP_STATUS_KEY } from "@/features/auth/auth-keys";

/**
 * A 401 while someone is signed in means the session ended on the server: forget the user
 * (the auth gate then sends them to /login?next=...) and drop data fetched under that session.
 * A 401 while signed out (e.g. a wrong password) is left to the form that asked.
 */
function handleUnauthorized(error: unknown) {
  if (apiErrorStatus(error) !== 401) return;
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  if (!user) return;
  endSession();
}

/** Clears everything learned under the current session and marks the visitor signed out. */
export function endSession() {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== SETUP_STATUS_KEY[0] && query.queryKey[0] !== CURRENT_USER_KEY[0],
  });
  queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, null);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleUnauthorized }),
  mutationCache: new MutationCache({ onError: handleUnauthorized }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
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
