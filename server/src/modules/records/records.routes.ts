import type { RecordFamily } from "@contract/records/family";
import { recordFamilies } from "@contract/records/index";
import { endpointsOf } from "@contract/records/schemas";
import type { Database } from "../../db/client";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { requestMeta } from "../../kernel/http/request-meta";
import { tableOf } from "./family-tables";
import {
  createFamilyRecord,
  deleteFamilyRecordById,
  getFamilyRecord,
  listFamily,
  updateFamilyRecordById,
  type ServedFamily,
} from "./records.service";

/**
 * Every declared family's analytics by family key. The records area writes most (family-analytics.ts), an area with
 * a page of its own writes its families' (Customer Success); server/src/record-family-analytics.ts composes them and
 * app.ts hands them in, so that no area imports another.
 */
export type AnalyticsByKey = ReadonlyMap<string, (db: Database) => Promise<unknown>>;

/** A family as the generic engine serves it: its declaration, its table and its analytics. */
export function servedFamily<F extends RecordFamily>(family: F, analyticsByKey: AnalyticsByKey): ServedFamily & { family: F } {
  const analytics = analyticsByKey.get(family.key);
  if (!analytics) throw new Error(`Record family ${family.key} has no analytics in server/src/record-family-analytics.ts`);
  return { family, table: tableOf(family), analytics };
}

/**
 * One page of a family's list, exactly as GET {path} answers it: what app.ts hands an area that answers a family's
 * list under a path of its own as well (Customer Success's GET /api/business-review/list).
 */
export const familyLister =
  (db: Database, analyticsByKey: AnalyticsByKey) =>
  <F extends RecordFamily>(family: F, query: Record<string, unknown>) =>
    listFamily(db, servedFamily(family, analyticsByKey), query);

/** The one generic path: every declared family gets its five routes from its declaration. */
export const recordFamilyRoutes = (analyticsByKey: AnalyticsByKey) => (app: ZodApp, ctx: AppContext) => {
  for (const family of recordFamilies) {
    const served: ServedFamily = servedFamily(family, analyticsByKey);
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
};
