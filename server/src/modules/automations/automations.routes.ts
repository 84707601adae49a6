import { automationEndpoints } from "@contract/automations";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { hasPermission, type Principal } from "../../kernel/principal";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { automationList, automationRuns, createAutomation, removeAutomation, updateAutomation } from "./automations.service";

export function automationRoutes(app: ZodApp, ctx: AppContext) {
  // A call_webhook workflow sends event data out, like a webhook: only who may manage webhooks may point one somewhere.
  const saveDeps = (principal: Principal) => ({ db: ctx.db, config: ctx.config, mayCallWebhooks: hasPermission(principal, "webhooks.manage") });

  endpointRoute(app, automationEndpoints.list, async () => automationList(ctx.db));

  endpointRoute(app, automationEndpoints.create, async (request) => {
    const principal = signedIn(request);
    return createAutomation(saveDeps(principal), principal.user, request.body, requestMeta(request));
  });

  endpointRoute(app, automationEndpoints.update, async (request) => {
    const principal = signedIn(request);
    return updateAutomation(saveDeps(principal), principal.user, request.params.id, request.body, requestMeta(request));
  });

  endpointRoute(app, automationEndpoints.remove, async (request) => {
    await removeAutomation(ctx.db, signedIn(request).user, request.params.id, requestMeta(request));
    return { ok: true as const };
  });

  endpointRoute(app, automationEndpoints.runs, async (request) => automationRuns(ctx.db, request.params.id));
}
