import { pipelineEndpoints } from "@contract/pipeline";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { createStage, deleteStage, listStages, moveLead, pipelineOverview, reorderStages, stageLeads, updateStage } from "./pipeline.service";

export function pipelineRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, pipelineEndpoints.listStages, async () => listStages(ctx.db));

  endpointRoute(app, pipelineEndpoints.createStage, async (request) =>
    createStage(ctx.db, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, pipelineEndpoints.reorderStages, async (request) =>
    reorderStages(ctx.db, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, pipelineEndpoints.updateStage, async (request) =>
    updateStage(ctx.db, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, pipelineEndpoints.deleteStage, async (request) => {
    await deleteStage(ctx.db, request.params.id, { principal: signedIn(request), meta: requestMeta(request) });
    return { ok: true as const };
  });

  endpointRoute(app, pipelineEndpoints.stageLeads, async (request) => stageLeads(ctx.db, request.query));

  endpointRoute(app, pipelineEndpoints.overview, async (request) => pipelineOverview(ctx.db, signedIn(request)));

  endpointRoute(app, pipelineEndpoints.moveLead, async (request) =>
    moveLead(ctx.db, request.params.leadId, request.body.stage, { principal: signedIn(request), meta: requestMeta(request) }),
  );
}
