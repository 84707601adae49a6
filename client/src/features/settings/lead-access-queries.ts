import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { leadAccessEndpoints, type LeadAccessUpdate, type LeadAssignmentUpdate } from "@contract/lead-access";
import { callApi } from "@/lib/api-client";
import { LEADS_KEY } from "@/lib/query-invalidation";

const LEAD_ACCESS_KEY = ["/api/settings/lead-access"] as const;
const LEAD_ASSIGNMENT_KEY = ["/api/settings/lead-assignment"] as const;

/** Which leads agents work on (all, or their own and unassigned ones): readable by every member of staff. */
export function useLeadAccess() {
  return useQuery({
    queryKey: LEAD_ACCESS_KEY,
    queryFn: ({ signal }) => callApi(leadAccessEndpoints.access, {}, { signal }),
  });
}

/** Sets it (administrators); the leads lists are asked again, as what an agent sees may have changed. */
export function useUpdateLeadAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadAccessUpdate) => callApi(leadAccessEndpoints.updateAccess, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(LEAD_ACCESS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
}

/** The assignment rule of each source of new leads (the public form, the capture API, imports). */
export function useLeadAssignment() {
  return useQuery({
    queryKey: LEAD_ASSIGNMENT_KEY,
    queryFn: ({ signal }) => callApi(leadAccessEndpoints.assignment, {}, { signal }),
  });
}

/** Replaces the rules sent (administrators); the answer holds every rule as stored. */
export function useUpdateLeadAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadAssignmentUpdate) => callApi(leadAccessEndpoints.updateAssignment, { body }),
    onSuccess: (saved) => queryClient.setQueryData(LEAD_ASSIGNMENT_KEY, saved),
  });
}
