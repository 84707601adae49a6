import { perpetualInnovationEndpoints } from "@contract/records";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { perpetualInnovationDashboard } from "./perpetual-innovation.data";

export function perpetualInnovationRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, perpetualInnovationEndpoints.dashboard, async () => perpetualInnovationDashboard(ctx.db));
}
