import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Affiliate,
  AffiliateDetail,
  AffiliateLoginBody,
  AffiliateLoginResult,
  AffiliateSignupBody,
  AffiliateStatus,
} from "@contract/affiliates";
import type { affiliateSignupResultSchema } from "@contract/affiliates";
import type { z } from "zod";
import { NOT_STAFF_SESSION } from "@/app/query-client";
import { apiRequest } from "@/lib/api";
import { fetchPage } from "@/lib/paged-fetch";
import { AFFILIATES_KEY, refreshAffiliateData } from "@/lib/query-invalidation";
import { withQuery } from "@/lib/url";

export type AffiliateSignupResult = z.infer<typeof affiliateSignupResultSchema>;
export type AffiliateUpdate = Partial<Pick<Affiliate, "name" | "businessName" | "status" | "commissionAmount">>;

export const AFFILIATE_PAGE_SIZE = 20;
export const TOP_AFFILIATES = 5;
/** The referral filter's dropdown lists every affiliate up to the list's maximum page. */
const AFFILIATE_OPTIONS_LIMIT = 500;

type AffiliateListParams = { status?: AffiliateStatus; sort?: "-createdAt" | "-commissionEarned" | "name"; limit?: number; offset?: number };

export function affiliateListUrl({ status, sort, limit = AFFILIATE_PAGE_SIZE, offset }: AffiliateListParams): string {
  return withQuery("/api/affiliates", { status, sort, limit, offset: offset || undefined });
}

/** Every affiliate with this status (or all) as CSV: what Export and the header's Export Data download. */
export function affiliateExportUrl(status?: AffiliateStatus): string {
  return withQuery("/api/affiliates/export.csv", { status });
}

/** The Active Affiliates table: newest first, filtered on the server; `page` is 0-based. */
export function useAffiliateList(status: AffiliateStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, "list", { status, page }],
    queryFn: ({ signal }) => fetchPage<Affiliate>(affiliateListUrl({ status, limit: AFFILIATE_PAGE_SIZE, offset: page * AFFILIATE_PAGE_SIZE }), signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** The dashboard's Top Performing Affiliates: highest commission earned first. */
export function useTopAffiliates() {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, "top", TOP_AFFILIATES],
    queryFn: async ({ signal }) => (await fetchPage<Affiliate>(affiliateListUrl({ sort: "-commissionEarned", limit: TOP_AFFILIATES }), signal)).rows,
    refetchOnMount: "always",
  });
}

/** Every affiliate by name, for choosing one in a filter. */
export function useAffiliateOptions() {
  return useQuery({
    queryKey: [...AFFILIATES_KEY, "options"],
    queryFn: async ({ signal }) => (await fetchPage<Affiliate>(affiliateListUrl({ sort: "name", limit: AFFILIATE_OPTIONS_LIMIT }), signal)).rows,
    refetchOnMount: "always",
  });
}

export function useAffiliateDetail(id: number | null) {
  return useQuery<AffiliateDetail>({
    queryKey: [...AFFILIATES_KEY, id],
    enabled: id !== null,
    refetchOnMount: "always",
  });
}

export function useSignupAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AffiliateSignupBody) => (await (await apiRequest("POST", "/api/affiliates/signup", body)).json()) as AffiliateSignupResult,
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}

/** Affiliate sign-in; its 401 (a wrong password) is the affiliate's, not the staff session's. */
export function useLoginAffiliate() {
  return useMutation({
    mutationFn: async (body: AffiliateLoginBody) => (await (await apiRequest("POST", "/api/affiliates/login", body)).json()) as AffiliateLoginResult,
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

export function useUpdateAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: AffiliateUpdate }) =>
      (await (await apiRequest("PUT", `/api/affiliates/${id}`, changes)).json()) as Affiliate,
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}

/** Approves the listed pending commissions, or all of them when none are listed. */
export function useApproveCommissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, commissionIds }: { id: number; commissionIds?: number[] }) =>
      (await (await apiRequest("POST", `/api/affiliates/${id}/commissions/approve`, commissionIds ? { commissionIds } : {})).json()) as {
        approved: number;
      },
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, amount, notes }: { id: number; amount: string; notes: string | null }) =>
      (await apiRequest("POST", `/api/affiliates/${id}/payouts`, { amount, notes })).json(),
    onSuccess: () => refreshAffiliateData(queryClient),
  });
}
