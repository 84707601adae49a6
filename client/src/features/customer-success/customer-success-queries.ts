import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  customerSuccessEndpoints,
  ENGAGEMENT_REFRESH_MS,
  NPS_ANALYTICS_REFRESH_MS,
  ONBOARDING_REFRESH_MS,
  RENEWAL_ANALYTICS_REFRESH_MS,
  RETENTION_REFRESH_MS,
  type NpsBody,
  type NpsInvitationBody,
  type NpsSurveyRespondBody,
} from "@contract/customer-success";
import { callApi } from "@/lib/api-client";
import { NOT_STAFF_SESSION } from "@/lib/query-client";
import { RECORDS_KEY } from "@/features/records";

/** Customer Success reads (spec §7 intervals); NPS analytics refetch after an answer so the score moves. */
export const CUSTOMER_SUCCESS_KEY = ["/api/customer-success"] as const;
const NPS_KEY = [...CUSTOMER_SUCCESS_KEY, "nps"] as const;

export function useNpsAnalytics() {
  return useQuery({
    queryKey: NPS_KEY,
    queryFn: ({ signal }) => callApi(customerSuccessEndpoints.npsAnalytics, {}, { signal }),
    refetchInterval: NPS_ANALYTICS_REFRESH_MS,
  });
}

export function useSubmitNps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NpsBody) => callApi(customerSuccessEndpoints.submitNps, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NPS_KEY }),
  });
}

/** Staff: a one-time survey link for a lead, mailed to the lead; the answer shows the link once. */
export function useCreateSurveyLink() {
  return useMutation({ mutationFn: (body: NpsInvitationBody) => callApi(customerSuccessEndpoints.createNpsInvitation, { body }) });
}

/** The public survey page (/survey#<secret>): whether the link is usable, and its answer. */
export function useSurveyDetails(token: string) {
  return useQuery({
    queryKey: ["nps-survey-details"],
    queryFn: ({ signal }) => callApi(customerSuccessEndpoints.npsSurveyLookup, { body: { token } }, { signal }),
    enabled: token !== "",
    retry: false,
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function useRespondToSurvey() {
  return useMutation({
    mutationFn: (body: NpsSurveyRespondBody) => callApi(customerSuccessEndpoints.npsSurveyRespond, { body }),
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function useEngagementUsers() {
  return useQuery({
    queryKey: [...CUSTOMER_SUCCESS_KEY, "engagement"],
    queryFn: ({ signal }) => callApi(customerSuccessEndpoints.engagementUsers, {}, { signal }),
    refetchInterval: ENGAGEMENT_REFRESH_MS,
  });
}

export function useOnboardingAnalytics() {
  return useQuery({
    queryKey: [...CUSTOMER_SUCCESS_KEY, "onboarding"],
    queryFn: ({ signal }) => callApi(customerSuccessEndpoints.onboardingAnalytics, {}, { signal }),
    refetchInterval: ONBOARDING_REFRESH_MS,
  });
}

export function useRetentionCohorts() {
  return useQuery({
    queryKey: [...CUSTOMER_SUCCESS_KEY, "retention"],
    queryFn: ({ signal }) => callApi(customerSuccessEndpoints.retentionCohorts, {}, { signal }),
    refetchInterval: RETENTION_REFRESH_MS,
  });
}

/** Under the records prefix, so a saved offer refreshes it. */
export function useRenewalAnalytics() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "renewal-analytics"],
    queryFn: ({ signal }) => callApi(customerSuccessEndpoints.renewalAnalytics, {}, { signal }),
    refetchInterval: RENEWAL_ANALYTICS_REFRESH_MS,
  });
}

export function useAdvanceOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, completedSteps }: { email: string; completedSteps: number[] }) =>
      callApi(customerSuccessEndpoints.updateOnboarding, { params: { email }, body: { completedSteps } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_SUCCESS_KEY }),
  });
}
