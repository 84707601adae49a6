import { mailEndpoints } from "@contract/mail";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { listOutboxMail } from "./mail.data";

// Outgoing mail carries links meant for one person: a signed-in administrator reads it, never an API key.
const config = { apiKeyScopes: [] };

export function mailRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, mailEndpoints.outbox, { config }, async (request) => {
    return listOutboxMail(ctx.db, request.query.limit, request.query.offset);
  });

  endpointRoute(app, mailEndpoints.status, { config }, async () => ({ smtpConfigured: ctx.config.mail.smtpUrl !== undefined, from: ctx.config.mail.from }));
}
