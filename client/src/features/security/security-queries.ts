import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AUDIT_TRAIL_REFRESH_MS, SECURITY_REFRESH_MS, securityEndpoints, type AuditListQueryInput } from "@contract/security";
import { callApi, callPage, downloadUrl } from "@/lib/api-client";

const SECURITY_KEY = ["/api/enterprise/security"] as const;
const AUDIT_KEY = ["/api/enterprise/audit-trail"] as const;

/** The audit trail's filters as the full view keeps them (blank: no filter). */
export type AuditFilter = { user: string; action: string; from: string; to: string };
export const NO_AUDIT_FILTER: AuditFilter = { user: "", action: "", from: "", to: "" };

/** The security dashboard, read again every 60 s while shown (spec §7). */
export function useSecurityOverview(enabled: boolean) {
  return useQuery({
    queryKey: SECURITY_KEY,
    queryFn: ({ signal }) => callApi(securityEndpoints.overview, {}, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
    enabled,
  });
}

/** A page of the audit trail, read again every 30 s while shown (spec §7). */
export function useAuditTrail(query: AuditListQueryInput, enabled: boolean) {
  return useQuery({
    queryKey: [...AUDIT_KEY, query],
    queryFn: ({ signal }) => callPage(securityEndpoints.auditTrail, { query }, { signal }),
    refetchInterval: AUDIT_TRAIL_REFRESH_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const auditExportUrl = (filter: AuditFilter) => downloadUrl(securityEndpoints.auditTrailCsv, { query: filter });

/** Ends a session; the dashboard and the trail (which now holds the revocation) are read again. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(securityEndpoints.revokeSession, { params: { id } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: SECURITY_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
