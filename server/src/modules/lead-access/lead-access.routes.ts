import type { FastifyRequest } from "fastify";
import { leadAccessEndpoints } from "@contract/lead-access";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { getLeadAccess, getLeadAssignment, updateLeadAccess, updateLeadAssignment } from "./lead-access.service";

const actor = (request: FastifyRequest) => ({ principal: signedIn(request), meta: requestMeta(request) });
/** Settings, like every /api/settings route, are for signed-in staff: an API key reads and changes none of them. */
const config = { apiKeyScopes: [] };

export function leadAccessRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadAccessEndpoints.access, { config }, async () => getLeadAccess(ctx.db));
  endpointRoute(app, leadAccessEndpoints.updateAccess, async (request) => updateLeadAccess(ctx.db, request.body, actor(request)));
  endpointRoute(app, leadAccessEndpoints.assignment, { config }, async () => getLeadAssignment(ctx.db));
  endpointRoute(app, leadAccessEndpoints.updateAssignment, async (request) => updateLeadAssignment(ctx.db, request.body, actor(request)));
}
