import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  affiliateEndpoints,
  type AffiliateLoginBody,
  type AffiliateSignupBody,
  type affiliateSignupResultSchema,
  type AffiliateStatus,
  type affiliateUpdateSchema,
  type payoutBodySchema,
} from "@contract/affiliates";
import type { EndpointRequest } from "@contract/endpoint";
import type { z } from "zod";
import { NOT_STAFF_SESSION } from "@/lib/query-client";
import { callApi, callPage, downloadUrl } from "@/lib/api-client";
import { AFFILIATES_KEY, refreshAffiliateData } from "@/lib/query-invalidation";

export type AffiliateSignupResult = z.infer<typeof affiliateSignupResultSchema>;
export type AffiliateUpdate = z.input<typeof affiliateUpdateSchema>;
type PayoutBody = z.input<typeof payoutBodySchema>;

export const AFFILIATE_PAGE_SIZE = 20;
export const TOP_AFFILIATES = 5;
/** The referral filter's dropdown lists every affiliate up to the list's maximum page. */
const AFFILIATE_OPTIONS_LIMIT = 500;

type AffiliateListQuery = EndpointRequest<typeof affiliateEndpoints.list>["query"];

function fetchAffiliatePage(query: AffiliateListQuery, signal: AbortSignal) {
  return callPage(affiliateEndpoints.list, { query }, { signal });
}

/** Every affiliate with this status (or all) as CSV: what Export and the header's Export Data download. */
export function affiliateExportUrl(status?: AffiliateStatus): string {
  return downloadUrl(affiliateEndpoints.exportCsv, { query: { status } });
}

/** The Active Affiliates table: newest first, filtered on the server; `page` is 0-based. */
export function useAffiliateList(status: AffiliateStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, "list", { status, page }],
    queryFn: ({ signal }) => fetchAffiliatePage({ status, limit: AFFILIATE_PAGE_SIZE, offset: page * AFFILIATE_PAGE_SIZE || undefined }, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** The dashboard's Top Performing Affiliates: highest commission earned first. */
export function useTopAffiliates() {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, "top", TOP_AFFILIATES],
    queryFn: async ({ signal }) => (await fetchAffiliatePage({ sort: "-commissionEarned", limit: TOP_AFFILIATES }, signal)).rows,
    refetchOnMount: "always",
  });
}

/** Every affiliate by name, for choosing one in a filter. */
export function useAffiliateOptions() {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, "options"],
    queryFn: async ({ signal }) => (await fetchAffiliatePage({ sort: "name", limit: AFFILIATE_OPTIONS_LIMIT }, signal)).rows,
    refetchOnMount: "always",
  });
}

export function useAffiliateDetail(id: number | null) {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, id],
    queryFn: id === null ? skipToken : ({ signal }) => callApi(affiliateEndpoints.get, { params: { id } }, { signal }),
    refetchOnMount: "always",
  });
}

export function useSignupAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AffiliateSignupBody) => callApi(affiliateEndpoints.signup, { body }),
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}

/** Affiliate sign-in; its 401 (a wrong password) is the affiliate's, not the staff session's. */
export function useLoginAffiliate() {
  return useMutation({
    mutationFn: (body: AffiliateLoginBody) => callApi(affiliateEndpoints.login, { body }),
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function useUpdateAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AffiliateUpdate }) => callApi(affiliateEndpoints.update, { params: { id }, body: changes }),
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}

/** Approves the listed pending commissions, or all of them when none are listed. */
export function useApproveCommissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, commissionIds }: { id: number; commissionIds?: number[] }) =>
      callApi(affiliateEndpoints.approveCommissions, { params: { id }, body: { commissionIds } }),
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...payout }: { id: number } & PayoutBody) => callApi(affiliateEndpoints.recordPayout, { params: { id }, body: payout }),
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}
