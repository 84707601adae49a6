import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  affiliateDashboardSchema,
  affiliateDetailSchema,
  affiliateExportQuerySchema,
  affiliateListQuerySchema,
  affiliateLoginBodySchema,
  affiliateLoginResultSchema,
  affiliateSchema,
  affiliateSignupBodySchema,
  affiliateSignupResultSchema,
  affiliateUpdateSchema,
  payoutBodySchema,
  payoutSchema,
} from "@contract/affiliates";
import { idParamsSchema, okSchema, rowIdSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import { TOTAL_COUNT_HEADER } from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetBatches } from "../../kernel/http/csv-export";
import { describeRateLimit, PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../auth/auth.hook";
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

const tags = ["Affiliates"];
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function affiliateRoutes(app: ZodApp, ctx: AppContext) {
  app.post(
    "/affiliates/signup",
    {
      config: { public: true, rateLimit: PUBLIC_LIMITS.affiliateSignup },
      schema: {
        tags,
        summary: "Register as an affiliate; the answer carries the referral code (never the password hash)",
        description: `Each sign-up notifies every administrator. ${describeRateLimit(PUBLIC_LIMITS.affiliateSignup)}`,
        body: affiliateSignupBodySchema,
        response: { 201: affiliateSignupResultSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await signUpAffiliate(ctx.db, request.body, requestMeta(request))),
  );

  app.post(
    "/affiliates/login",
    {
      config: { public: true, rateLimit: PUBLIC_LIMITS.affiliateLogin },
      schema: {
        tags,
        summary: "Affiliate sign-in: a 30-day token for the partner portal",
        description:
          "Throttled like staff sign-in: 8 failed sign-ins for one email from one client address within 15 minutes lock that " +
          "email for that address for 15 minutes, and 50 from all addresses together lock it everywhere (429 with Retry-After; " +
          `a locked attempt is refused without checking the password). ${describeRateLimit(PUBLIC_LIMITS.affiliateLogin)}`,
        body: affiliateLoginBodySchema,
        response: { 200: affiliateLoginResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => signInAffiliate(ctx.db, request.body, requestMeta(request)),
  );

  app.post(
    "/affiliates/logout",
    {
      config: { affiliateAccess: true },
      schema: { tags, summary: "Revoke the affiliate token sent with this request", response: { 200: okSchema } },
    },
    async (request) => {
      await signOutAffiliate(ctx.db, request.affiliate);
      return { ok: true as const };
    },
  );

  app.get(
    "/affiliates",
    {
      schema: {
        tags,
        summary: "Affiliates (staff)",
        description: `The ${TOTAL_COUNT_HEADER} header holds the total matching the status filter.`,
        querystring: affiliateListQuerySchema,
        response: { 200: z.array(affiliateSchema) },
      },
    },
    async (request, reply) => {
      const page = await affiliatesPage(ctx.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.affiliates;
    },
  );

  csvExportRoute(app, {
    url: "/affiliates/export.csv",
    tags,
    summary: "Every affiliate with this status (or all), newest first",
    querystring: affiliateExportQuerySchema,
    csv: (query) => ({
      name: "affiliates",
      header: AFFILIATE_EXPORT_HEADER,
      batches: keysetBatches((after, limit) => readAffiliateExportBatch(ctx.db, query.status, after, limit)),
      cells: affiliateExportCells,
    }),
  });

  app.get(
    "/affiliates/:id",
    { schema: { tags, summary: "One affiliate with balance, referrals, commissions and payouts (staff)", params: idParamsSchema, response: { 200: affiliateDetailSchema, 404: apiErrorSchema } } },
    async (request) => affiliateDetail(ctx.db, request.params.id),
  );

  app.put(
    "/affiliates/:id",
    {
      schema: {
        tags,
        summary: "Change an affiliate's name, business, status or commission amount (staff)",
        params: idParamsSchema,
        body: affiliateUpdateSchema,
        response: { 200: affiliateSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => updateAffiliate(ctx.db, request.params.id, request.body, signedIn(request), requestMeta(request)),
  );

  app.post(
    "/affiliates/:id/commissions/approve",
    {
      schema: {
        tags,
        summary: "Approve pending commissions: the listed ones, or all (staff)",
        params: idParamsSchema,
        body: z.object({ commissionIds: z.array(rowIdSchema).max(1000).optional() }),
        response: { 200: z.object({ approved: z.number().int() }), 404: apiErrorSchema },
      },
    },
    async (request) => approveAffiliateCommissions(ctx.db, request.params.id, request.body.commissionIds, signedIn(request), requestMeta(request)),
  );

  app.post(
    "/affiliates/:id/payouts",
    {
      schema: {
        tags,
        summary: "Record a payout (staff): greater than zero and at most the approved, unpaid balance",
        description: "Marks the approved commissions it covers paid (oldest first) and appends to payoutHistory.",
        params: idParamsSchema,
        body: payoutBodySchema,
        response: { 201: payoutSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordPayout(ctx.db, request.params.id, request.body.amount, request.body.notes, signedIn(request), requestMeta(request))),
  );

  app.get(
    "/affiliates/:id/dashboard",
    {
      config: { affiliateAccess: true },
      schema: {
        tags,
        summary: "An affiliate's dashboard: readable by that affiliate's token or by staff, never by another affiliate",
        params: idParamsSchema,
        response: { 200: affiliateDashboardSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => affiliateDashboard(ctx.db, request.params.id, { principal: request.principal, affiliate: request.affiliate }, origin(request)),
  );
}
