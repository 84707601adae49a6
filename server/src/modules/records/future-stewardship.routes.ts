import { futureStewardshipEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { futureStewardshipDashboard } from "./future-stewardship.data";

export function futureStewardshipRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, futureStewardshipEndpoints.dashboard, async () => futureStewardshipDashboard(ctx.db));
}
