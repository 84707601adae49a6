import { integrationEndpoints } from "@contract/integrations";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { aiInsightsSnapshot, communitySnapshot } from "./insights.data";

/** The AI Automation and Community tabs' figures: read-only, for every signed-in staff member (and reading API keys). */
export function insightRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, integrationEndpoints.aiInsights, async () => aiInsightsSnapshot(ctx.db));
  endpointRoute(app, integrationEndpoints.communityAnalytics, async () => communitySnapshot(ctx.db));
}
