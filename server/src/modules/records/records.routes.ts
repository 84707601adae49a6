import { recordFamilies } from "@contract/records/index";
import { endpointsOf } from "@contract/records/schemas";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { requestMeta } from "../../kernel/http/request-meta";
import { familyAnalytics } from "./family-analytics";
import { tableOf } from "./family-tables";
import {
  createFamilyRecord,
  deleteFamilyRecordById,
  getFamilyRecord,
  listFamily,
  updateFamilyRecordById,
  type ServedFamily,
} from "./records.service";

/** The one generic path: every declared family gets its five routes from its declaration. */
export function recordFamilyRoutes(app: ZodApp, ctx: AppContext) {
  for (const family of recordFamilies) {
    const analytics = familyAnalytics[family.key];
    if (!analytics) throw new Error(`Record family ${family.key} has no analytics in server/src/modules/records/family-analytics.ts`);
    const served: ServedFamily = { family, table: tableOf(family), analytics };
    const endpoints = endpointsOf(family);
    const actor = (request: Parameters<typeof signedIn>[0]) => ({ principal: signedIn(request), meta: requestMeta(request) });

    endpointRoute(app, endpoints.list, async (request) => listFamily(ctx.db, served, request.query as Record<string, unknown>));
    endpointRoute(app, endpoints.get, async (request) => getFamilyRecord(ctx.db, served, request.params.id));
    endpointRoute(app, endpoints.create, async (request) => createFamilyRecord(ctx.db, served, request.body as Record<string, unknown>, actor(request)));
    endpointRoute(app, endpoints.update, async (request) =>
      updateFamilyRecordById(ctx.db, served, request.params.id, request.body as Record<string, unknown>, actor(request)),
    );
    endpointRoute(app, endpoints.remove, async (request) => {
      await deleteFamilyRecordById(ctx.db, served, request.params.id, actor(request));
      return { ok: true as const };
    });
  }
}
