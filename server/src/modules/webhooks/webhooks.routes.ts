import { webhookEndpoints } from "@contract/webhooks";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { createWebhook, redeliver, removeWebhook, sendTestEvent, updateWebhook, webhookDeliveries, webhookEndpointsList } from "./webhooks.service";

// Webhooks hold signing secrets and send data out: a signed-in administrator only, never an API key.
const config = { apiKeyScopes: [] };

export function webhookRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, webhookEndpoints.list, { config }, async () => webhookEndpointsList(ctx.db));

  endpointRoute(app, webhookEndpoints.create, { config }, async (request) => {
    const principal = signedIn(request);
    return createWebhook(ctx, principal.user, request.body, requestMeta(request));
  });

  endpointRoute(app, webhookEndpoints.update, { config }, async (request) => {
    const principal = signedIn(request);
    return updateWebhook(ctx.db, principal.user, request.params.id, request.body, requestMeta(request));
  });

  endpointRoute(app, webhookEndpoints.remove, { config }, async (request) => {
    const principal = signedIn(request);
    await removeWebhook(ctx.db, principal.user, request.params.id, requestMeta(request));
    return { ok: true as const };
  });

  endpointRoute(app, webhookEndpoints.deliveries, { config }, async (request) => {
    return webhookDeliveries(ctx.db, request.params.id);
  });

  endpointRoute(app, webhookEndpoints.sendTest, { config }, async (request) => {
    return sendTestEvent(ctx, request.params.id);
  });

  endpointRoute(app, webhookEndpoints.redeliver, { config }, async (request) => {
    return redeliver(ctx, request.params.id, request.params.deliveryId);
  });
}
