import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { teamEndpoints, type AcceptInvitationBody, type CompletePasswordResetBody } from "@contract/team";
import { callApi } from "@/lib/api-client";
import { NOT_STAFF_SESSION } from "@/lib/query-client";

/**
 * The secret of an invitation or password-reset link: the part after #, which browsers never send to a server (so
 * it stays out of every log). It is read once and then removed from the address bar and the history entry.
 */
export function useLinkToken(): string {
  const [token] = useState(() => {
    const secret = window.location.hash.replace(/^#/, "");
    if (secret) window.history.replaceState(null, "", window.location.pathname);
    return secret;
  });
  return token;
}

/** Back into the staff app, now signed in: a fresh load reads the new session. */
export const openStaffApp = () => window.location.replace("/");

export function useInvitationDetails(token: string) {
  return useQuery({
    queryKey: ["invitation-details"],
    queryFn: ({ signal }) => callApi(teamEndpoints.invitationDetails, { body: { token } }, { signal }),
    enabled: token !== "",
    retry: false,
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => callApi(teamEndpoints.acceptInvitation, { body }),
    onSuccess: openStaffApp,
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function usePasswordResetDetails(token: string) {
  return useQuery({
    queryKey: ["password-reset-details"],
    queryFn: ({ signal }) => callApi(teamEndpoints.passwordResetDetails, { body: { token } }, { signal }),
    enabled: token !== "",
    retry: false,
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (body: CompletePasswordResetBody) => callApi(teamEndpoints.completePasswordReset, { body }),
    onSuccess: openStaffApp,
    meta: { [NOT_STAFF_SESSION]: true },
  });
}
