import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Lead } from "@contract/leads";
import type { z } from "zod";
import type { reportFilterSchema } from "@contract/reports";
import { fetchPage } from "@/lib/paged-fetch";
import { REPORTS_KEY } from "@/lib/query-invalidation";
import { withQuery } from "@/lib/url";

export const REPORT_PAGE_SIZE = 100;

/** The applied report filters, as sent (all optional). */
export type ReportFilter = z.input<typeof reportFilterSchema>;

export function reportUrl(filter: ReportFilter, page: number): string {
  return withQuery("/api/reports", { ...filter, limit: REPORT_PAGE_SIZE, offset: page * REPORT_PAGE_SIZE });
}

/** Exactly the filtered report as CSV (what Export Data downloads on Analytics). */
export function reportExportUrl(filter: ReportFilter): string {
  return withQuery("/api/reports/export.csv", { ...filter });
}

/** One page (0-based) of the leads matching the applied report filters. */
export function useLeadReport(filter: ReportFilter, page: number) {
  return useQuery({
    queryKey: [...REPORTS_KEY, filter, page],
    queryFn: ({ signal }) => fetchPage<Lead>(reportUrl(filter, page), signal),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}
