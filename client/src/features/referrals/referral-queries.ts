import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { referralEndpoints, type ReferralExportQuery } from "@contract/affiliates";
import { callApi, callPage, downloadUrl } from "@/lib/api-client";
import { useLiveLeadRefresh } from "@/lib/live-events";
import { REFERRALS_KEY } from "@/lib/query-invalidation";

/** Spec §9: the Recent Referrals table shows at most five rows. */
export const RECENT_REFERRALS = 5;

/** What the Filter button applied: one affiliate (or all) and referrals made on or after a day (YYYY-MM-DD). */
export type ReferralFilter = ReferralExportQuery;

/** Every referral the filter matches, as CSV (what Export Data downloads on Referral Tracking). */
export const referralExportUrl = (filter: ReferralFilter) => downloadUrl(referralEndpoints.exportCsv, { query: filter });

export function useRecentReferrals(filter: ReferralFilter) {
  return useQuery({
    queryKey: [...REFERRALS_KEY, "recent", filter],
    queryFn: ({ signal }) => callPage(referralEndpoints.list, { query: { ...filter, limit: RECENT_REFERRALS } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

export function useReferralStats(filter: ReferralFilter) {
  return useQuery({
    queryKey: [...REFERRALS_KEY, "stats", filter],
    queryFn: ({ signal }) => callApi(referralEndpoints.stats, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}


/** The lead's referral (a lead is referred at most once) with its commission, or null: what its page shows. */
export function useLeadReferral(leadId: number) {
  const queryKey = [...REFERRALS_KEY, "lead", leadId] as const;
  // The referral, its commission's approval and payment are on the lead's timeline: those read it again live.
  useLiveLeadRefresh(leadId, [queryKey]);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await callPage(referralEndpoints.list, { query: { leadId, limit: 1 } }, { signal })).rows[0] ?? null,
  });
}
