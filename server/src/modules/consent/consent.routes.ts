import { consentEndpoints } from "@contract/consent";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { insertConsent } from "./consent.data";

export function consentRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(
    app,
    consentEndpoints.update,
    // A consent choice is a few fields; anything larger is not one.
    { config: { rateLimit: PUBLIC_LIMITS.consent }, bodyLimit: 4 * 1024 },
    async (request) => insertConsent(ctx.db, request.body, request.principal?.user.id || null, requestMeta(request)),
  );
}
