import { leadDuplicateEndpoints } from "@contract/lead-duplicates";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { checkDuplicates, duplicatesOfLead, listPairs } from "./lead-duplicates.service";

export function leadDuplicateRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadDuplicateEndpoints.forLead, async (request) => duplicatesOfLead(ctx.db, request.params.id));
  endpointRoute(app, leadDuplicateEndpoints.check, async (request) => checkDuplicates(ctx.db, request.body));
  endpointRoute(app, leadDuplicateEndpoints.pairs, async (request) => listPairs(ctx.db, request.query));
}
