import { customerSuccessEndpoints } from "@contract/customer-success";
import { businessReviewFamily } from "@contract/records/customer-success";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { renewalAnalytics, businessReviewAnalytics } from "./customer-success.data";
import { tableOf } from "./family-tables";
import { listFamily } from "./records.service";

/** The Customer Success page's family-backed reads beside the generic routes: renewal figures and the spec's review list path. */
export function customerSuccessRecordRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, customerSuccessEndpoints.renewalAnalytics, async () => renewalAnalytics(ctx.db));
  const reviews = { family: businessReviewFamily, table: tableOf(businessReviewFamily), analytics: businessReviewAnalytics };
  endpointRoute(app, customerSuccessEndpoints.businessReviewList, async (request) => listFamily(ctx.db, reviews, request.query as Record<string, unknown>));
}
