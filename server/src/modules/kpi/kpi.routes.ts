import { z } from "zod";
import { idParamsSchema, okSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import { kpiExportQuerySchema, kpiListQuerySchema, kpiRecordSchema, kpiSyncBodySchema, kpiTotalsSchema } from "@contract/kpi";
import { TOTAL_COUNT_HEADER } from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetBatches } from "../../kernel/http/csv-export";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../auth/auth.hook";
import { KPI_EXPORT_HEADER, kpiExportCells, listKpi, readKpiExportBatch, readKpiTotals } from "./kpi.data";
import { deleteKpi, getKpi, syncKpi } from "./kpi.service";

const tags = ["KPI metrics"];

export function kpiRoutes(app: ZodApp, ctx: AppContext) {
  app.post(
    "/kpi",
    {
      schema: {
        tags,
        summary: "Create or update the KPI record of the lead with this email",
        description: "Money is stored as numeric(14,2); answers carry it as decimal strings.",
        body: kpiSyncBodySchema,
        response: { 200: kpiRecordSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => syncKpi(ctx.db, request.body, signedIn(request), requestMeta(request)),
  );

  app.get(
    "/kpi",
    {
      schema: {
        tags,
        summary: "KPI records, most recently updated first (only leads with KPI data)",
        description: `The ${TOTAL_COUNT_HEADER} header holds how many leads have KPI data.`,
        querystring: kpiListQuerySchema,
        response: { 200: z.array(kpiRecordSchema) },
      },
    },
    async (request, reply) => {
      const [records, totals] = await Promise.all([listKpi(ctx.db, request.query.limit, request.query.offset), readKpiTotals(ctx.db)]);
      reply.header(TOTAL_COUNT_HEADER, String(totals.leadsWithKpi));
      return records;
    },
  );

  csvExportRoute(app, {
    url: "/kpi/export.csv",
    tags,
    summary: "Every KPI record, most recently updated first",
    description: "The KPI screen has no filters, so neither has its export; an unknown query parameter answers 400.",
    querystring: kpiExportQuerySchema,
    csv: () => ({
      name: "kpi-records",
      header: KPI_EXPORT_HEADER,
      batches: keysetBatches((after, limit) => readKpiExportBatch(ctx.db, after, limit)),
      cells: kpiExportCells,
    }),
  });

  app.get(
    "/kpi/totals",
    { schema: { tags, summary: "Sums of YTD revenue and MRR over every lead, and how many leads have KPI data", response: { 200: kpiTotalsSchema } } },
    async () => readKpiTotals(ctx.db),
  );

  app.get(
    "/kpi/:id",
    { schema: { tags, summary: "One KPI record with its top products", params: idParamsSchema, response: { 200: kpiRecordSchema, 404: apiErrorSchema } } },
    async (request) => getKpi(ctx.db, request.params.id),
  );

  app.delete(
    "/kpi/:id",
    { schema: { tags, summary: "Delete a KPI record (the lead stays)", params: idParamsSchema, response: { 200: okSchema, 404: apiErrorSchema } } },
    async (request) => {
      await deleteKpi(ctx.db, request.params.id, signedIn(request), requestMeta(request));
      return { ok: true as const };
    },
  );
}
