import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { authEndpoints, LoginBody, SetupBody, SetupStatus } from "@contract/auth";
import { apiErrorStatus } from "@/lib/api";
import { callApi, type DeclaredRoute } from "@/lib/api-client";
import { endSession } from "@/lib/query-client";
import { CURRENT_USER_KEY, SETUP_STATUS_KEY } from "@/lib/session-keys";

// The auth gate is the first page: routes checked against authEndpoints by type, so zod stays out of it (api-client.ts).
const setupStatusRoute: DeclaredRoute<typeof authEndpoints.setupStatus> = { method: "GET", path: "/auth/setup" };
const setupRoute: DeclaredRoute<typeof authEndpoints.setup> = { method: "POST", path: "/auth/setup" };
const loginRoute: DeclaredRoute<typeof authEndpoints.login> = { method: "POST", path: "/auth/login" };
const logoutRoute: DeclaredRoute<typeof authEndpoints.logout> = { method: "POST", path: "/auth/logout" };
const endOtherSessionsRoute: DeclaredRoute<typeof authEndpoints.endOtherSessions> = { method: "POST", path: "/auth/sessions/end-others" };

export const setupStatusQuery = queryOptions({
  queryKey: SETUP_STATUS_KEY,
  queryFn: ({ signal }) => callApi(setupStatusRoute, {}, { signal }),
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
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

/** Signs out every other session of the signed-in person; this one goes on. */
export function useEndOtherSessions() {
  return useMutation({ mutationFn: () => callApi(endOtherSessionsRoute, {}) });
}
