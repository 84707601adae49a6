import type { Database } from "../../db/client";
import {
  communityAnalytics,
  evergreenAnalytics,
  incidentAnalytics,
  legacyAnalytics,
  riskAnalytics,
  snapshotAnalytics,
} from "./business-health.data";
import {
  communityLegacyAnalytics,
  handoverAnalytics,
  projectLegacyAnalytics,
  sunsetPlanAnalytics,
  techRefreshAnalytics,
} from "./perpetual-innovation.data";
import {
  archiveAnalytics,
  declarationAnalytics as perpetualDeclarationAnalytics,
  packageAnalytics,
  reviewAnalytics,
  transitionAnalytics,
} from "./perpetual-stewardship.data";
import { charterAnalytics, declarationAnalytics as perpetuityDeclarationAnalytics, ethicalAnalytics, historicalAnalytics, playbookAnalytics } from "./future-stewardship.data";
import { archiveAnalytics as archivalSystemAnalytics, auditAnalytics, planAnalytics, statementAnalytics, validationAnalytics } from "./final-stewardship.data";
import {
  complianceAnalytics,
  experimentAnalytics,
  knowledgeAnalytics,
  legacyIntegrationAnalytics,
  techRadarAnalytics,
} from "./innovation.data";
import { businessReviewAnalytics, renewalOfferAnalytics } from "./customer-success.data";
import { successionAnalytics } from "./succession.data";

/** Each declared family's analytics, by family key: the one hand-written part of a family besides its declaration. */
export const familyAnalytics: Record<string, (db: Database) => Promise<unknown>> = {
  risk: riskAnalytics,
  incidentSimulation: incidentAnalytics,
  communityEngagement: communityAnalytics,
  legacyPlan: legacyAnalytics,
  evergreenReview: evergreenAnalytics,
  healthSnapshot: snapshotAnalytics,
  successionDocument: successionAnalytics,
  techRefresh: techRefreshAnalytics,
  handoverPackage: handoverAnalytics,
  communityLegacy: communityLegacyAnalytics,
  sunsetPlan: sunsetPlanAnalytics,
  projectLegacyReport: projectLegacyAnalytics,
  livingLegacyPackage: packageAnalytics,
  livingArchive: archiveAnalytics,
  stewardshipReview: reviewAnalytics,
  communityTransition: transitionAnalytics,
  perpetualDeclaration: perpetualDeclarationAnalytics,
  legacyCharter: charterAnalytics,
  historicalRecord: historicalAnalytics,
  successionPlaybook: playbookAnalytics,
  ethicalReview: ethicalAnalytics,
  perpetuityDeclaration: perpetuityDeclarationAnalytics,
  stewardshipValidation: validationAnalytics,
  legacyAudit: auditAnalytics,
  archivalSystem: archivalSystemAnalytics,
  stewardshipPlan: planAnalytics,
  stewardshipStatement: statementAnalytics,
  techRadarItem: techRadarAnalytics,
  experiment: experimentAnalytics,
  knowledgeArticle: knowledgeAnalytics,
  complianceAudit: complianceAnalytics,
  legacyIntegration: legacyIntegrationAnalytics,
  renewalOffer: renewalOfferAnalytics,
  businessReview: businessReviewAnalytics,
};
