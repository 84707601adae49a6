import type { QueryClient } from "@tanstack/react-query";

/**
 * Query keys start with the API path they read, so one prefix refreshes every variant (pages, filters, details).
 * Queries never go stale on their own (query-client.ts), so each change refreshes every screen that shows it.
 * The screens' main lists and figures also read again (in the background, cache shown first) each time a screen
 * opens (refetchOnMount: "always"), so records added elsewhere (other staff, the API, quiz funnels) show up.
 */
export const LEADS_KEY = ["/api/leads"] as const;
export const DASHBOARD_KEY = ["/api/dashboard"] as const;
export const KPI_KEY = ["/api/kpi"] as const;
export const REPORTS_KEY = ["/api/reports"] as const;
export const SEARCH_KEY = ["/api/search"] as const;
export const AFFILIATES_KEY = ["/api/affiliates"] as const;
export const REFERRALS_KEY = ["/api/referrals"] as const;
export const FEEDBACK_KEY = ["/api/feedback"] as const;
export const ISSUES_KEY = ["/api/issues"] as const;
export const TASKS_KEY = ["/api/tasks"] as const;
export const PIPELINE_STAGES_KEY = ["/api/pipeline-stages"] as const;
export const PIPELINE_KEY = ["/api/pipeline"] as const;

/**
 * After a lead was created, changed or deleted (a lead's KPI rows show its name and go with it). A referred lead's
 * status decides its affiliate's conversions and commission, so the affiliate and referral figures read again too;
 * its stage counts on the pipeline and its name on tasks change with it.
 */
export function refreshLeadData(queryClient: QueryClient) {
  return Promise.all(
    [LEADS_KEY, DASHBOARD_KEY, KPI_KEY, REPORTS_KEY, SEARCH_KEY, AFFILIATES_KEY, REFERRALS_KEY, TASKS_KEY, PIPELINE_STAGES_KEY, PIPELINE_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** After an affiliate signed up or was changed, or its commissions were approved or paid out. */
export function refreshAffiliateData(queryClient: QueryClient) {
  return Promise.all([AFFILIATES_KEY, REFERRALS_KEY, DASHBOARD_KEY, SEARCH_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After KPI data was synced or deleted (leads carry a KPI summary; the dashboard sums revenue). */
export function refreshKpiData(queryClient: QueryClient) {
  return Promise.all([KPI_KEY, DASHBOARD_KEY, LEADS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After feedback was sent (only the Feedback screen shows it). */
export function refreshFeedbackData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY });
}

/**
 * After an issue was reported, approved, rejected or sent back for a new proposal, or its proposal arrived:
 * its lists and Global Search show its status (spec §7: reporting and approving refresh search results).
 */
export function refreshIssueData(queryClient: QueryClient) {
  return Promise.all([ISSUES_KEY, SEARCH_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
