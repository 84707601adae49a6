import { innovationEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { innovationDashboard } from "./innovation.data";

export function innovationRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, innovationEndpoints.dashboard, async () => innovationDashboard(ctx.db));
}
