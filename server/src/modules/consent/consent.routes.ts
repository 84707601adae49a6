import { consentRecordSchema, consentUpdateBodySchema } from "@contract/consent";
import { apiErrorSchema } from "@contract/errors";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { describeRateLimit, PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { insertConsent } from "./consent.data";

export function consentRoutes(app: ZodApp, ctx: AppContext) {
  app.post(
    "/consent/update",
    {
      config: { public: true, rateLimit: PUBLIC_LIMITS.consent },
      // A consent choice is a few fields; anything larger is not one.
      bodyLimit: 4 * 1024,
      schema: {
        tags: ["Consent"],
        summary: "Record a cookie-consent choice with its time, IP address and user agent, as proof of consent",
        description:
          "Anonymous visitors send a placeholder email; when a staff session is present the record is also linked to that user. " +
          describeRateLimit(PUBLIC_LIMITS.consent),
        body: consentUpdateBodySchema,
        response: { 201: consentRecordSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const record = await insertConsent(ctx.db, request.body, request.principal?.user.id || null, requestMeta(request));
      return reply.status(201).send(record);
    },
  );
}
