import { integrationEndpoints } from "@contract/integrations";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import type { RateLimit } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { checkIntegration, configureIntegration, disconnectIntegration, integrationStatusList } from "./integrations.service";

// Integrations hold secrets and send data out: a signed-in administrator only, never an API key (like webhooks).
const adminOnly = { apiKeyScopes: [] };
/** Each check reaches an outside service (Slack posts a message): a few a minute is plenty for a person. */
const CHECK_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };

export function integrationRoutes(app: ZodApp, ctx: AppContext) {
  // Every signed-in staff member sees the cards (and API keys that may read).
  endpointRoute(app, integrationEndpoints.status, async () => integrationStatusList(ctx.db));

  endpointRoute(app, integrationEndpoints.configure, { config: adminOnly }, async (request) => {
    const principal = signedIn(request);
    return configureIntegration(ctx, principal.user, request.params.kind, request.body, requestMeta(request));
  });

  endpointRoute(app, integrationEndpoints.disconnect, { config: adminOnly }, async (request) => {
    const principal = signedIn(request);
    await disconnectIntegration(ctx.db, principal.user, request.params.kind, requestMeta(request));
    return { ok: true as const };
  });

  endpointRoute(app, integrationEndpoints.check, { config: { ...adminOnly, rateLimit: CHECK_LIMIT } }, async (request) => {
    return checkIntegration(ctx, request.params.kind);
  });
}
