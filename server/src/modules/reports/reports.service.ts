import type { ReportFilter } from "@contract/reports";
import type { Database } from "../../db/client";
import { LEAD_EXPORT_HEADERS, leadExportBatches, selectLeadPageCounted, type LeadQueryFilter } from "../../db/queries/lead-list";
import type { CsvExport } from "../../kernel/http/csv-export";

/** The report's Business Type is the lead's industry; its dates bound the creation day (UTC), both inclusive. */
export const reportLeadFilter = (filter: ReportFilter): LeadQueryFilter => ({
  industry: filter.source,
  createdFrom: filter.startDate,
  createdThrough: filter.endDate,
});

export async function runReport(db: Database, filter: ReportFilter, limit: number, offset: number): Promise<{ leadsJson: string; total: number }> {
  const leadFilter = reportLeadFilter(filter);
  const page = await selectLeadPageCounted(db, { filter: leadFilter, sort: "-createdAt", limit, offset });
  return { leadsJson: page.json, total: page.total };
}

/** Exactly the report's leads, newest first, as the leads export writes them. */
export const reportCsv = (db: Database, filter: ReportFilter): CsvExport<never> => ({
  name: "lead-report",
  header: LEAD_EXPORT_HEADERS,
  batches: leadExportBatches(db, reportLeadFilter(filter), "-createdAt"),
});
