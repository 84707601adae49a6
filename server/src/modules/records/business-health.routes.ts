import { businessHealthEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { businessHealthDashboard } from "./business-health.data";

export function businessHealthRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, businessHealthEndpoints.dashboard, async () => businessHealthDashboard(ctx.db));
}
