import { appOriginOf } from "../../kernel/http/app-origin";
import { affiliateEndpoints } from "@contract/affiliates";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetCsv } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { AFFILIATE_EXPORT_HEADER, affiliateExportCells, readAffiliateExportBatch } from "./affiliates.data";
import {
  affiliateDashboard,
  affiliateDetail,
  affiliatesPage,
  approveAffiliateCommissions,
  recordPayout,
  signInAffiliate,
  signOutAffiliate,
  signUpAffiliate,
  updateAffiliate,
} from "./affiliates.service";


export function affiliateRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, affiliateEndpoints.signup, { config: { rateLimit: PUBLIC_LIMITS.affiliateSignup } }, async (request) =>
    signUpAffiliate(ctx.db, request.body, requestMeta(request)),
  );

  endpointRoute(app, affiliateEndpoints.login, { config: { rateLimit: PUBLIC_LIMITS.affiliateLogin } }, async (request) =>
    signInAffiliate(ctx.db, request.body, requestMeta(request)),
  );

  endpointRoute(app, affiliateEndpoints.logout, { config: { affiliateAccess: true } }, async (request) => {
    await signOutAffiliate(ctx.db, request.affiliate);
    return { ok: true as const };
  });

  endpointRoute(app, affiliateEndpoints.list, async (request) => {
    const page = await affiliatesPage(ctx.db, request.query);
    return { total: page.total, rows: page.affiliates };
  });

  csvExportRoute(app, affiliateEndpoints.exportCsv, (query) =>
    keysetCsv({
      name: "affiliates",
      header: AFFILIATE_EXPORT_HEADER,
      read: (after, limit) => readAffiliateExportBatch(ctx.db, query.status, after, limit),
      cells: affiliateExportCells,
    }),
  );

  endpointRoute(app, affiliateEndpoints.get, async (request) => affiliateDetail(ctx.db, request.params.id));

  endpointRoute(app, affiliateEndpoints.update, async (request) =>
    updateAffiliate(ctx.db, request.params.id, request.body, signedIn(request), requestMeta(request)),
  );

  endpointRoute(app, affiliateEndpoints.approveCommissions, async (request) =>
    approveAffiliateCommissions(ctx.db, request.params.id, request.body.commissionIds, signedIn(request), requestMeta(request)),
  );

  endpointRoute(app, affiliateEndpoints.recordPayout, async (request) =>
    recordPayout(ctx.db, request.params.id, request.body.amount, request.body.notes, signedIn(request), requestMeta(request)),
  );

  endpointRoute(app, affiliateEndpoints.dashboard, { config: { affiliateAccess: true } }, async (request) =>
    affiliateDashboard(ctx.db, request.params.id, { principal: request.principal, affiliate: request.affiliate }, appOriginOf(request, ctx.config.appOrigins)),
  );
}
