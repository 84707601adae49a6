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
  complianceAnalytics,
  experimentAnalytics,
  knowledgeAnalytics,
  legacyIntegrationAnalytics,
  techRadarAnalytics,
} from "./innovation.data";
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
  techRadarItem: techRadarAnalytics,
  experiment: experimentAnalytics,
  knowledgeArticle: knowledgeAnalytics,
  complianceAudit: complianceAnalytics,
  legacyIntegration: legacyIntegrationAnalytics,
};
