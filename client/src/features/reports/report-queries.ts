import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { reportEndpoints, type reportFilterSchema } from "@contract/reports";
import { callPage, downloadUrl } from "@/lib/api-client";
import { REPORTS_KEY } from "@/lib/query-invalidation";

export const REPORT_PAGE_SIZE = 100;

/** The applied report filters, as sent (all optional). */
export type ReportFilter = z.input<typeof reportFilterSchema>;

/** Exactly the filtered report as CSV (what Export Data downloads on Analytics). */
export function reportExportUrl(filter: ReportFilter): string {
  return downloadUrl(reportEndpoints.exportCsv, { query: filter });
}

/** One page (0-based) of the leads matching the applied report filters. */
export function useLeadReport(filter: ReportFilter, page: number) {
  return useQuery({
    queryKey: [...REPORTS_KEY, filter, page],
    queryFn: ({ signal }) => callPage(reportEndpoints.run, { query: { ...filter, limit: REPORT_PAGE_SIZE, offset: page * REPORT_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}
