import { referralEndpoints } from "@contract/affiliates";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetCsv } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { listReferrals, readReferralExportBatch, REFERRAL_EXPORT_HEADER, referralExportCells, referralStats } from "./referrals.data";

export function referralRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, referralEndpoints.list, async (request) => {
    const { limit, ...filter } = request.query;
    const page = await listReferrals(ctx.db, filter, limit);
    return { total: page.total, rows: page.referrals };
  });

  csvExportRoute(app, referralEndpoints.exportCsv, (query) =>
    keysetCsv({
      name: "referrals",
      header: REFERRAL_EXPORT_HEADER,
      read: (after, limit) => readReferralExportBatch(ctx.db, query, after, limit),
      cells: referralExportCells,
    }),
  );

  endpointRoute(app, referralEndpoints.stats, async (request) => referralStats(ctx.db, request.query));
}
