import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserRole } from "@contract/auth";
import { teamEndpoints, type InviteBody } from "@contract/team";
import { callApi } from "@/lib/api-client";
import { currentUserQuery } from "@/lib/session";

const ROLES_KEY = ["/api/enterprise/permissions"] as const;
const MEMBERS_KEY = ["/api/enterprise/users"] as const;
const INVITATIONS_KEY = ["/api/enterprise/invitations"] as const;

/** The roles and their permissions (spec: loaded on load). */
export function useRoles() {
  return useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => callApi(teamEndpoints.roles, {}, { signal }) });
}

export function useTeamMembers(enabled: boolean) {
  return useQuery({ queryKey: MEMBERS_KEY, queryFn: ({ signal }) => callApi(teamEndpoints.members, {}, { signal }), enabled });
}

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: INVITATIONS_KEY, queryFn: ({ signal }) => callApi(teamEndpoints.invitations, {}, { signal }), enabled });
}

/** Every team change may move a session count, a role or an invitation: read the lists again after each. */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }), queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY })]),
  });
}

export const useInvite = () => useTeamMutation((body: InviteBody) => callApi(teamEndpoints.invite, { body }));
export const useRevokeInvitation = () => useTeamMutation((id: number) => callApi(teamEndpoints.revokeInvitation, { params: { id } }));
export const useChangeRole = () => useTeamMutation(({ id, role }: { id: number; role: UserRole }) => callApi(teamEndpoints.changeRole, { params: { id }, body: { role } }));
export const useDeactivate = () => useTeamMutation((id: number) => callApi(teamEndpoints.deactivate, { params: { id } }));
export const useReactivate = () => useTeamMutation((id: number) => callApi(teamEndpoints.reactivate, { params: { id } }));
export const useStartPasswordReset = () => useTeamMutation((id: number) => callApi(teamEndpoints.resetPassword, { params: { id } }));

/** A rename may be the administrator's own: the account menu reads the signed-in person again too. */
export function useRenameMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => callApi(teamEndpoints.rename, { params: { id }, body: { name } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }), queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })]),
  });
}
