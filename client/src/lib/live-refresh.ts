import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { DomainEventName } from "@contract/events";
import { useLiveMessages } from "./live-events";
import {
  DASHBOARD_KEY,
  LEADS_KEY,
  PIPELINE_KEY,
  PIPELINE_STAGES_KEY,
  SEARCH_KEY,
  TASKS_KEY,
  refreshAffiliateData,
  refreshFeedbackData,
  refreshIssueData,
  refreshKpiData,
  refreshLeadData,
} from "./query-invalidation";

const refreshTasks = (queryClient: QueryClient) =>
  Promise.all([TASKS_KEY, LEADS_KEY, DASHBOARD_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * What each domain event makes the screens read again, declared for every event (a new event does not compile until
 * it says): the same refreshes a change made in this tab runs, so a change made elsewhere (another person, an API
 * key, an automation, another instance) shows the same way.
 */
const refreshOnEvent: Record<DomainEventName, (queryClient: QueryClient) => Promise<unknown>> = {
  "lead.created": refreshLeadData,
  "lead.updated": refreshLeadData,
  "lead.deleted": refreshLeadData,
  "lead.stage_changed": refreshLeadData,
  "lead.merged": refreshLeadData,
  "lead.converted": refreshLeadData,
  // The lead's open page reads its emails and timeline again (touchesLead: the event names the lead); nothing else shows it.
  "lead.email_status_changed": () => Promise.resolve(),
  "kpi.synced": refreshKpiData,
  "affiliate.registered": refreshAffiliateData,
  "referral.created": (queryClient) => Promise.all([refreshAffiliateData(queryClient), queryClient.invalidateQueries({ queryKey: LEADS_KEY })]),
  "commission.created": (queryClient) => Promise.all([refreshAffiliateData(queryClient), queryClient.invalidateQueries({ queryKey: LEADS_KEY })]),
  "issue.created": refreshIssueData,
  "issue.proposal_ready": refreshIssueData,
  "issue.approved": refreshIssueData,
  "issue.rejected": refreshIssueData,
  "issue.reopened": refreshIssueData,
  "issue.proposal_failed": refreshIssueData,
  "task.created": refreshTasks,
  "task.assigned": refreshTasks,
  "task.updated": refreshTasks,
  "task.completed": refreshTasks,
  "feedback.created": refreshFeedbackData,
  "note.created": (queryClient) => queryClient.invalidateQueries({ queryKey: SEARCH_KEY }),
  "note.updated": (queryClient) => queryClient.invalidateQueries({ queryKey: SEARCH_KEY }),
  "note.deleted": (queryClient) => queryClient.invalidateQueries({ queryKey: SEARCH_KEY }),
  "migration.completed": refreshLeadData,
  "pipeline.stages_changed": (queryClient) => Promise.all([PIPELINE_STAGES_KEY, PIPELINE_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  "nps.submitted": (queryClient) => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
};

/**
 * Refreshes the screens a gathered batch of live events touches, each refresh once however many events asked for it.
 * A lead page's own parts (notes, files, emails, timeline) listen for their lead themselves (useLiveLeadRefresh);
 * a resync reads every screen again.
 */
export function useLiveRefresh() {
  const queryClient = useQueryClient();
  useLiveMessages((batch) => {
    if (batch.resync) {
      void queryClient.invalidateQueries();
      return;
    }
    // Names this version does not know (a newer server) refresh nothing.
    const known = [...batch.events.keys()].filter((name): name is DomainEventName => Object.hasOwn(refreshOnEvent, name));
    const refreshes = new Set(known.map((name) => refreshOnEvent[name]));
    for (const refresh of refreshes) void refresh(queryClient);
  });
}
