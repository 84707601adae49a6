import { searchEndpoints } from "@contract/search";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { globalSearch } from "./search.service";

export function searchRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, searchEndpoints.search, async (request) => globalSearch(ctx.db, request.query.q));
}
