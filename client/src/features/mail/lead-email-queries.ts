import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { mailEndpoints, type LeadEmail, type LeadEmailInput } from "@contract/mail";
import { callApi } from "@/lib/api-client";
import { LEADS_KEY } from "@/lib/query-invalidation";
import { timelineKey } from "@/features/timeline";
import { useLiveLeadRefresh } from "@/lib/live-events";

/** A lead's emails, under the leads prefix so a change to the lead refreshes them too. */
export const leadEmailsKey = (leadId: number) => [...LEADS_KEY, "emails", leadId] as const;
const TEMPLATES_KEY = ["/api/lead-email-templates"] as const;

/**
 * The emails written to the lead, newest first. Nothing polls: each delivery attempt is a lead.email_status_changed
 * event naming the lead, and the live stream reads the list again (useLiveLeadRefresh), so a status settles on screen.
 */
export function useLeadEmails(leadId: number, enabled: boolean) {
  useLiveLeadRefresh(leadId, [leadEmailsKey(leadId)]);
  return useQuery({
    queryKey: leadEmailsKey(leadId),
    queryFn: ({ signal }) => callApi(mailEndpoints.leadEmails, { params: { id: leadId } }, { signal }),
    enabled,
    refetchOnMount: "always",
  });
}

/** The built-in templates (they never change while the app runs). */
export function useLeadEmailTemplates(enabled: boolean) {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: ({ signal }) => callApi(mailEndpoints.leadEmailTemplates, {}, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** Sends an email to the lead; afterwards its list and its timeline read again. */
export function useSendLeadEmail(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadEmailInput): Promise<LeadEmail> => callApi(mailEndpoints.sendToLead, { params: { id: leadId }, body }),
    onSettled: () =>
      Promise.all([leadEmailsKey(leadId), timelineKey(leadId)].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
