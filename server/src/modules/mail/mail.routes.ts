import { mailEndpoints } from "@contract/mail";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import type { RateLimit } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { listOutboxMail } from "./mail.data";
import { leadEmails, leadEmailTemplateList, sendLeadEmail } from "./lead-email.service";

// Outgoing mail carries links meant for one person: a signed-in administrator reads it, never an API key.
const config = { apiKeyScopes: [] };

/**
 * Email to leads, per staff member (or API key): far above a person's pace, below a script's. Counted per caller, not
 * per address, so an office of agents behind one address does not share one allowance.
 */
export const LEAD_EMAIL_LIMIT: RateLimit = { max: 60, windowMs: 10 * 60_000, per: "caller" };

export function mailRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, mailEndpoints.outbox, { config }, async (request) => {
    return listOutboxMail(ctx.db, request.query.limit, request.query.offset);
  });

  endpointRoute(app, mailEndpoints.status, { config }, async () => ({ smtpConfigured: ctx.config.mail.smtpUrl !== undefined, from: ctx.config.mail.from }));

  endpointRoute(app, mailEndpoints.sendToLead, { config: { rateLimit: LEAD_EMAIL_LIMIT } }, async (request) =>
    sendLeadEmail(ctx, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, mailEndpoints.leadEmails, async (request) => leadEmails(ctx, request.params.id));

  endpointRoute(app, mailEndpoints.leadEmailTemplates, async () => leadEmailTemplateList());
}
