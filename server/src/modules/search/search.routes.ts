import { searchEndpoints } from "@contract/search";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { globalSearch, searchKindsFor } from "./search.service";

export function searchRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, searchEndpoints.search, async (request) => globalSearch(ctx.db, request.query.q, searchKindsFor(signedIn(request))));
}
