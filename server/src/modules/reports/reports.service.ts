import type { ReportFilter } from "@contract/reports";
import type { Database } from "../../db/client";
import type { LeadQueryFilter } from "../leads/leads.data";
import { countMatching, selectLeadPage } from "../leads/leads.data";
import { leadsCsv } from "../leads/leads.service";

/** The report's Business Type is the lead's industry; its dates bound the creation day (UTC), both inclusive. */
export const reportLeadFilter = (filter: ReportFilter): LeadQueryFilter => ({
  industry: filter.source,
  createdFrom: filter.startDate,
  createdThrough: filter.endDate,
});

export async function runReport(db: Database, filter: ReportFilter, limit: number, offset: number): Promise<{ leadsJson: string; total: number }> {
  const leadFilter = reportLeadFilter(filter);
  const [page, count] = await Promise.all([
    selectLeadPage(db, { filter: leadFilter, sort: "-createdAt", limit, offset }),
    countMatching(db, leadFilter),
  ]);
  return { leadsJson: page.json, total: count.total };
}

export const reportCsv = (db: Database, filter: ReportFilter) => leadsCsv(db, reportLeadFilter(filter), "-createdAt", "lead-report");
