import { kpiEndpoints } from "@contract/kpi";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetCsv } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { KPI_EXPORT_HEADER, kpiExportCells, listKpi, readKpiExportBatch, readKpiTotals } from "./kpi.data";
import { deleteKpi, getKpi, getLeadKpi, syncKpi } from "./kpi.service";

export function kpiRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, kpiEndpoints.sync, async (request) => syncKpi(ctx.db, request.body, signedIn(request), requestMeta(request)));

  endpointRoute(app, kpiEndpoints.list, async (request) => {
    const [records, totals] = await Promise.all([listKpi(ctx.db, request.query.limit, request.query.offset), readKpiTotals(ctx.db)]);
    return { total: totals.leadsWithKpi, rows: records };
  });

  csvExportRoute(app, kpiEndpoints.exportCsv, () =>
    keysetCsv({
      name: "kpi-records",
      header: KPI_EXPORT_HEADER,
      read: (after, limit) => readKpiExportBatch(ctx.db, after, limit),
      cells: kpiExportCells,
    }),
  );

  endpointRoute(app, kpiEndpoints.totals, async () => readKpiTotals(ctx.db));

  endpointRoute(app, kpiEndpoints.get, async (request) => getKpi(ctx.db, request.params.id));

  endpointRoute(app, kpiEndpoints.ofLead, async (request) => getLeadKpi(ctx.db, request.params.id));

  endpointRoute(app, kpiEndpoints.remove, async (request) => {
    await deleteKpi(ctx.db, request.params.id, signedIn(request), requestMeta(request));
    return { ok: true as const };
  });
}
