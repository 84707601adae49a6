import { z } from "zod";
import { referralExportQuerySchema, referralQuerySchema, referralSchema, referralStatsSchema } from "@contract/affiliates";
import { TOTAL_COUNT_HEADER } from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetBatches } from "../../kernel/http/csv-export";
import { listReferrals, readReferralExportBatch, REFERRAL_EXPORT_HEADER, referralExportCells, referralStats } from "./referrals.data";

const tags = ["Referrals"];

export function referralRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/referrals",
    {
      schema: {
        tags,
        summary: "Recent referrals, newest first, with the lead's status and the commission it earned",
        description: `The ${TOTAL_COUNT_HEADER} header holds the total matching.`,
        querystring: referralQuerySchema,
        response: { 200: z.array(referralSchema) },
      },
    },
    async (request, reply) => {
      const { limit, ...filter } = request.query;
      const page = await listReferrals(ctx.db, filter, limit);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.referrals;
    },
  );

  csvExportRoute(app, {
    url: "/referrals/export.csv",
    tags,
    summary: "Every referral matching the Referral Tracking filters, newest first",
    querystring: referralExportQuerySchema,
    csv: (query) => ({
      name: "referrals",
      header: REFERRAL_EXPORT_HEADER,
      batches: keysetBatches((after, limit) => readReferralExportBatch(ctx.db, query, after, limit)),
      cells: referralExportCells,
    }),
  });

  app.get(
    "/referrals/stats",
    {
      schema: {
        tags,
        summary: "Total referrals, converted referrals, commission paid out and the conversion rate",
        querystring: referralQuerySchema.omit({ limit: true }),
        response: { 200: referralStatsSchema },
      },
    },
    async (request) => referralStats(ctx.db, request.query),
  );
}
