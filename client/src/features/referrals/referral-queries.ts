import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Referral, ReferralStats } from "@contract/affiliates";
import { apiRequest } from "@/lib/api";
import { fetchPage } from "@/lib/paged-fetch";
import { REFERRALS_KEY } from "@/lib/query-invalidation";
import { withQuery } from "@/lib/url";

/** Spec §9: the Recent Referrals table shows at most five rows. */
export const RECENT_REFERRALS = 5;

/** What the Filter button applied: one affiliate (or all) and referrals made on or after a day (YYYY-MM-DD). */
export type ReferralFilter = { affiliateId?: number; since?: string };

/** Every referral the filter matches, as CSV (what Export Data downloads on Referral Tracking). */
export const referralExportUrl = (filter: ReferralFilter) => withQuery("/api/referrals/export.csv", filter);

export function useRecentReferrals(filter: ReferralFilter) {
  return useQuery({
    queryKey: [...REFERRALS_KEY, "recent", filter],
    queryFn: ({ signal }) => fetchPage<Referral>(withQuery("/api/referrals", { ...filter, limit: RECENT_REFERRALS }), signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

export function useReferralStats(filter: ReferralFilter) {
  return useQuery<ReferralStats>({
    queryKey: [...REFERRALS_KEY, "stats", filter],
    queryFn: async ({ signal }) => (await apiRequest("GET", withQuery("/api/referrals/stats", filter), undefined, signal)).json() as Promise<ReferralStats>,
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

