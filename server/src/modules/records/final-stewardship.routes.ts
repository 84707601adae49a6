import { finalStewardshipEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { finalStewardshipDashboard } from "./final-stewardship.data";

export function finalStewardshipRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, finalStewardshipEndpoints.dashboard, async () => finalStewardshipDashboard(ctx.db));
}
