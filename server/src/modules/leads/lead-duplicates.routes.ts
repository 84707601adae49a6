import { leadDuplicateEndpoints } from "@contract/lead-duplicates";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { checkDuplicates, duplicatesOfLead, listPairs, queueDuplicateScan } from "./lead-duplicates.service";
import { mergeLeads } from "./lead-merge.service";

export function leadDuplicateRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadDuplicateEndpoints.forLead, async (request) => duplicatesOfLead(ctx.db, request.params.id));
  endpointRoute(app, leadDuplicateEndpoints.check, async (request) => checkDuplicates(ctx.db, request.body));
  endpointRoute(app, leadDuplicateEndpoints.scan, async () => queueDuplicateScan(ctx.jobs));
  endpointRoute(app, leadDuplicateEndpoints.pairs, async (request) => listPairs(ctx.db, request.query));
  endpointRoute(app, leadDuplicateEndpoints.merge, async (request) =>
    mergeLeads(ctx.db, request.params.id, request.body, signedIn(request), requestMeta(request)),
  );
}
