import { customerSuccessEndpoints } from "@contract/customer-success";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { insertNpsResponse, onboardingFigures, retentionRows } from "./customer-success.data";
import { engagementUsers, npsAnalytics, setOnboardingSteps } from "./customer-success.service";

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
  endpointRoute(app, customerSuccessEndpoints.retentionCohorts, async () => ({ cohorts: await retentionRows(ctx.db) }));
}
