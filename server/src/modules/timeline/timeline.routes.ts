import { timelineEndpoints } from "@contract/timeline";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { leadTimeline } from "./timeline.service";

export function timelineRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, timelineEndpoints.list, async (request) => leadTimeline(ctx.db, request.params.id, request.query));
}
