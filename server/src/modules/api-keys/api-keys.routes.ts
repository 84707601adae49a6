import { apiKeyEndpoints } from "@contract/api-keys";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { apiKeysList, createApiKey, revokeApiKey } from "./api-keys.service";

// Managing keys needs a signed-in administrator: no key, whatever its scope, may list, mint or revoke keys.
const config = { apiKeyScopes: [] };

export function apiKeyRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, apiKeyEndpoints.list, { config }, async () => apiKeysList(ctx.db));

  endpointRoute(app, apiKeyEndpoints.create, { config }, async (request) => {
    const principal = signedIn(request);
    return createApiKey(ctx.db, principal.user, request.body, requestMeta(request));
  });

  endpointRoute(app, apiKeyEndpoints.remove, { config }, async (request) => {
    const principal = signedIn(request);
    await revokeApiKey(ctx.db, principal.user, request.params.id, requestMeta(request));
    return { ok: true as const };
  });
}
