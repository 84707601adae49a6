import { dashboardEndpoints } from "@contract/dashboard";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { dashboardStats } from "./dashboard.service";

export function dashboardRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, dashboardEndpoints.get, async () => dashboardStats(ctx.db));
}
