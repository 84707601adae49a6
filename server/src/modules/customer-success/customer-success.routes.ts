import { appOriginOf } from "../../kernel/http/app-origin";
import { businessReviewFamily, customerSuccessEndpoints } from "@contract/customer-success";
import type { RecordFamily } from "@contract/records/family";
import type { FamilyListReply } from "@contract/records/schemas";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { insertNpsResponse, onboardingFigures, retentionRows } from "./customer-success.data";
import { renewalAnalytics } from "./customer-success-records.data";
import {
  createNpsInvitation,
  engagementUsers,
  npsAnalytics,
  npsSurveyDetails,
  respondToNpsSurvey,
  setOnboardingSteps,
} from "./customer-success.service";

const surveyLinkLimit = { config: { rateLimit: PUBLIC_LIMITS.surveyLink } };

/**
 * One page of a record family's list, as the generic record engine answers GET {path}: app.ts hands it over (an area
 * imports no other), so the spec's GET /api/business-review/list answers what GET /api/business-reviews does.
 */
export type FamilyLister = <F extends RecordFamily>(family: F, query: Record<string, unknown>) => Promise<FamilyListReply<F>>;

/** Every Customer Success endpoint, its record families' five generic routes aside. */
export function customerSuccessRoutes(app: ZodApp, ctx: AppContext, listFamily: FamilyLister) {
  endpointRoute(app, customerSuccessEndpoints.submitNps, async (request) => {
    const { score, feedback, campaignId, surveyType } = request.body;
    return insertNpsResponse(ctx.db, { userEmail: signedIn(request).user.email, score, feedback, campaignId, surveyType });
  });
  endpointRoute(app, customerSuccessEndpoints.npsAnalytics, async () => npsAnalytics(ctx.db));
  endpointRoute(app, customerSuccessEndpoints.engagementUsers, async () => engagementUsers(ctx.db));
  endpointRoute(app, customerSuccessEndpoints.onboardingAnalytics, async () => onboardingFigures(ctx.db));
  endpointRoute(app, customerSuccessEndpoints.updateOnboarding, async (request) =>
    setOnboardingSteps(ctx.db, request.params.email, request.body.completedSteps, request.body.totalSteps),
  );
  endpointRoute(app, customerSuccessEndpoints.createNpsInvitation, async (request) =>
    createNpsInvitation(ctx, request.body, {
      principal: signedIn(request),
      meta: requestMeta(request),
      origin: appOriginOf(request, ctx.config.appOrigins),
    }),
  );
  endpointRoute(app, customerSuccessEndpoints.npsSurveyLookup, surveyLinkLimit, async (request) => npsSurveyDetails(ctx.db, request.body.token));
  endpointRoute(app, customerSuccessEndpoints.npsSurveyRespond, surveyLinkLimit, async (request) => respondToNpsSurvey(ctx.db, request.body));
  endpointRoute(app, customerSuccessEndpoints.retentionCohorts, async () => ({ cohorts: await retentionRows(ctx.db) }));
  endpointRoute(app, customerSuccessEndpoints.renewalAnalytics, async () => renewalAnalytics(ctx.db));
  endpointRoute(app, customerSuccessEndpoints.businessReviewList, async (request) => listFamily(businessReviewFamily, request.query as Record<string, unknown>));
}
