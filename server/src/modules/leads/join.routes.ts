import { REFERRAL_COOKIE } from "@contract/affiliates";
import { leadEndpoints, leadInputSchema } from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { createLead } from "./leads.service";

/** What a referral link's cookie can hold: a code as the link sets it, or as a person might type it. */
const REFERRAL_CODE_COOKIE = /^[A-Za-z0-9-]{1,50}$/;

/**
 * The referral code the browser sent, or null. The cookie is the visitor's to edit: anything the referral link
 * could not have set (too long, control characters, NUL) counts as no referral rather than failing the form.
 */
function referralCodeFromCookie(value: string | undefined): string | null {
  return value !== undefined && REFERRAL_CODE_COOKIE.test(value) ? value : null;
}

export function joinRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadEndpoints.join, { config: { rateLimit: PUBLIC_LIMITS.join }, bodyLimit: 16 * 1024 }, async (request) => {
    const referralCode = referralCodeFromCookie(request.cookies[REFERRAL_COOKIE]);
    const input = leadInputSchema.parse({ ...request.body, leadSource: "website form", affiliateCode: referralCode });
    await createLead(ctx.db, input, { principal: null, meta: requestMeta(request), referralSource: "link" });
    return { received: true as const };
  });
}
