import { reportEndpoints } from "@contract/reports";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { reportCsv, runReport } from "./reports.service";

export function reportRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, reportEndpoints.run, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const report = await runReport(ctx.db, filter, limit, offset);
    return { total: report.total, rowsJson: report.leadsJson };
  });

  csvExportRoute(app, reportEndpoints.exportCsv, (query) => reportCsv(ctx.db, query));
}
