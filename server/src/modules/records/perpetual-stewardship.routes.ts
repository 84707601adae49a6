import { perpetualStewardshipEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { perpetualStewardshipDashboard } from "./perpetual-stewardship.data";

export function perpetualStewardshipRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, perpetualStewardshipEndpoints.dashboard, async () => perpetualStewardshipDashboard(ctx.db));
}
