import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { authEndpoints, LoginBody, SetupBody, SetupStatus } from "@contract/auth";
import { apiErrorStatus } from "@/lib/api";
import { callApi, type DeclaredRoute } from "@/lib/api-client";
import { endSession } from "@/lib/query-client";
import { CURRENT_USER_KEY, SETUP_STATUS_KEY } from "@/lib/session-keys";
import { preloadAuthScreen } from "./auth-screens";

// The auth gate is the first page: routes checked against authEndpoints by type, so zod stays out of it (api-client.ts).
const setupStatusRoute: DeclaredRoute<typeof authEndpoints.setupStatus> = { method: "GET", path: "/auth/setup" };
const setupRoute: DeclaredRoute<typeof authEndpoints.setup> = { method: "POST", path: "/auth/setup" };
const loginRoute: DeclaredRoute<typeof authEndpoints.login> = { method: "POST", path: "/auth/login" };
const logoutRoute: DeclaredRoute<typeof authEndpoints.logout> = { method: "POST", path: "/auth/logout" };
const meRoute: DeclaredRoute<typeof authEndpoints.me> = { method: "GET", path: "/auth/me" };

const setupStatusQuery = queryOptions({
  queryKey: SETUP_STATUS_KEY,
  queryFn: ({ signal }) => callApi(setupStatusRoute, {}, { signal }),
});

/** The signed-in user, or null when signed out (a 401 here is an answer, not an error). */
const currentUserQuery = queryOptions({
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

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}

/** The signed-in user, or null when signed out. */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQuery, enabled: options.enabled ?? true });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => callApi(loginRoute, { body }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => callApi(setupRoute, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData<SetupStatus>(SETUP_STATUS_KEY, { needsSetup: false });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
    onError: (error) => {
      // Someone else finished setup meanwhile: the server now wants a sign-in instead.
      if (apiErrorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: SETUP_STATUS_KEY });
    },
  });
}

export function useSignOut() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi(logoutRoute, {});
      } catch (error) {
        // Already signed out on the server: nothing left to undo.
        if (apiErrorStatus(error) !== 401) throw error;
      }
    },
    onSuccess: () => {
      // Leave for /login first so the auth gate does not add the current page as `next`.
      navigate("/login");
      endSession();
    },
  });
}

/**
 * Starts the session checks before the first render, instead of after the translations arrive,
 * and fetches the code of the setup or sign-in screen as soon as it is clear one will show.
 */
export async function prefetchSession(queryClient: QueryClient) {
  await queryClient.prefetchQuery(setupStatusQuery);
  const setup = queryClient.getQueryData(setupStatusQuery.queryKey);
  if (!setup) return; // the gate shows the error and offers a retry
  if (setup.needsSetup) return preloadAuthScreen("setup");
  await queryClient.prefetchQuery(currentUserQuery);
  if (queryClient.getQueryData(currentUserQuery.queryKey) === null) await preloadAuthScreen("sign-in");
}
