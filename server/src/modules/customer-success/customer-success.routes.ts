import { customerSuccessEndpoints } from "@contract/customer-success";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { insertNpsResponse, onboardingFigures, retentionRows } from "./customer-success.data";
import {
  createNpsInvitation,
  engagementUsers,
  npsAnalytics,
  npsSurveyDetails,
  respondToNpsSurvey,
  setOnboardingSteps,
} from "./customer-success.service";

const surveyLinkLimit = { config: { rateLimit: PUBLIC_LIMITS.surveyLink } };

export function customerSuccessRoutes(app: ZodApp, ctx: AppContext) {
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
      origin: `${request.protocol}://${request.host}`,
    }),
  );
  endpointRoute(app, customerSuccessEndpoints.npsSurveyLookup, surveyLinkLimit, async (request) => npsSurveyDetails(ctx.db, request.body.token));
  endpointRoute(app, customerSuccessEndpoints.npsSurveyRespond, surveyLinkLimit, async (request) => respondToNpsSurvey(ctx.db, request.body));
  endpointRoute(app, customerSuccessEndpoints.retentionCohorts, async () => ({ cohorts: await retentionRows(ctx.db) }));
}
