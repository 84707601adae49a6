import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { CurrentUser, LoginBody, SetupBody, SetupStatus } from "@contract/auth";
import { apiErrorStatus, apiRequest, getQueryFn } from "@/lib/api";
import { endSession } from "@/app/query-client";
import { CURRENT_USER_KEY, SETUP_STATUS_KEY } from "./auth-keys";
import { preloadAuthScreen } from "./auth-screens";

export function useSetupStatus() {
  return useQuery<SetupStatus>({ queryKey: SETUP_STATUS_KEY });
}

/** The signed-in user, or null when signed out (a 401 here is an answer, not an error). */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<CurrentUser | null>({ on401: "returnNull" }),
    enabled: options.enabled ?? true,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await (await apiRequest("POST", "/api/auth/login", body)).json()) as CurrentUser,
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetupBody) => (await (await apiRequest("POST", "/api/auth/setup", body)).json()) as CurrentUser,
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
        await apiRequest("POST", "/api/auth/logout");
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
  await queryClient.prefetchQuery({ queryKey: SETUP_STATUS_KEY });
  const setup = queryClient.getQueryData<SetupStatus>(SETUP_STATUS_KEY);
  if (!setup) return; // the gate shows the error and offers a retry
  if (setup.needsSetup) return preloadAuthScreen("setup");
  await queryClient.prefetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: getQueryFn<CurrentUser | null>({ on401: "returnNull" }) });
  if (queryClient.getQueryData(CURRENT_USER_KEY) === null) await preloadAuthScreen("sign-in");
}
