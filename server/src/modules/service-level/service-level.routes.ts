import { serviceLevelEndpoints } from "@contract/service-level";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { serviceLevel } from "./service-level.service";

export function serviceLevelRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, serviceLevelEndpoints.get, async (request) => serviceLevel(ctx.db, ctx.config.serviceLevelTargets, request.query.days));
}
