import type { FastifyRequest } from "fastify";
import { whiteLabelEndpoints } from "@contract/white-label";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { createBrand, deleteBrand, listBrands, listVerticals, updateBrand } from "./white-label.service";

const actor = (request: FastifyRequest) => ({ principal: signedIn(request), meta: requestMeta(request) });

export function whiteLabelRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, whiteLabelEndpoints.brands, async () => listBrands(ctx.db));
  endpointRoute(app, whiteLabelEndpoints.create, async (request) => createBrand(ctx.db, request.body, actor(request)));
  endpointRoute(app, whiteLabelEndpoints.update, async (request) => updateBrand(ctx.db, request.params.id, request.body, actor(request)));
  endpointRoute(app, whiteLabelEndpoints.remove, async (request) => {
    await deleteBrand(ctx.db, request.params.id, actor(request));
    return { ok: true as const };
  });
  endpointRoute(app, whiteLabelEndpoints.verticals, async () => listVerticals(ctx.db));
}
