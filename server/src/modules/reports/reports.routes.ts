import { z } from "zod";
import { apiErrorSchema } from "@contract/errors";
import { leadSchema, TOTAL_COUNT_HEADER } from "@contract/leads";
import { reportFilterSchema, reportQuerySchema } from "@contract/reports";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { sendJsonText } from "../../kernel/http/send-json-text";
import { csvExportRoute } from "../../kernel/http/csv-export";
import { reportCsv, runReport } from "./reports.service";

const tags = ["Reports"];

export function reportRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/reports",
    {
      schema: {
        tags,
        summary: "Lead report: leads filtered by Business Type (industry) and creation dates, newest first",
        description: `All filters optional; endDate is inclusive; days are UTC. The ${TOTAL_COUNT_HEADER} header holds the total.`,
        querystring: reportQuerySchema,
        response: { 200: z.array(leadSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { limit, offset, ...filter } = request.query;
      const report = await runReport(ctx.db, filter, limit, offset);
      reply.header(TOTAL_COUNT_HEADER, String(report.total));
      return sendJsonText(reply, report.leadsJson);
    },
  );

  csvExportRoute(app, {
    url: "/reports/export.csv",
    tags,
    summary: "Exactly the filtered report",
    querystring: reportFilterSchema,
    csv: (query) => reportCsv(ctx.db, query),
  });
}
