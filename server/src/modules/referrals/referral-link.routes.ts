import { z } from "zod";
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from "@contract/affiliates";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { findAffiliateByCode } from "../../db/queries/affiliate-code";
import { recordClick } from "./referrals.data";

/**
 * The partner's public referral link. It records the click and remembers the code in a first-party cookie for
 * 30 days (the first link clicked wins), then forwards to the landing page. Unknown codes forward too,
 * so the link never reveals which codes exist. Past its per-address limit a link still forwards (and still sets
 * the cookie) but records no click, so a script cannot inflate a partner's figures.
 */
export function referralLinkRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/r/:code",
    { config: { public: true, rateLimit: PUBLIC_LIMITS.referralClick }, schema: { hide: true, params: z.object({ code: z.string().trim().min(1).max(50) }) } },
    async (request, reply) => {
      const affiliate = await findAffiliateByCode(ctx.db, request.params.code);
      if (affiliate?.status === "active") {
        const meta = requestMeta(request);
        if (!request.overRateLimit) await recordClick(ctx.db, { affiliateId: affiliate.id, ipAddress: meta.ip, userAgent: meta.userAgent });
        if (!request.cookies[REFERRAL_COOKIE]) {
          reply.setCookie(REFERRAL_COOKIE, affiliate.uniqueCode, {
            path: "/",
            httpOnly: true,
            sameSite: "lax",
            secure: request.overHttps,
            maxAge: REFERRAL_COOKIE_DAYS * 86_400,
          });
        }
      }
      return reply.header("cache-control", "no-store").redirect(ctx.config.referralLandingUrl, 302);
    },
  );
}
