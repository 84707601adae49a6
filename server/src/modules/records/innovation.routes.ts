import { innovationEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { innovationDashboard, searchKnowledge } from "./innovation.data";

export function innovationRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, innovationEndpoints.dashboard, async () => innovationDashboard(ctx.db));
  endpointRoute(app, innovationEndpoints.knowledgeSearch, async ({ query }) => searchKnowledge(ctx.db, query.q));
}
