import type { DeclaredFamily } from "@contract/records/index";
import type { FamilyAnalytics } from "@contract/records/schemas";
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
import { successionAnalytics } from "./succession.data";

/** Analytics for each of the given families, by family key, each typed from its declaration's analytics schema. */
export type AnalyticsByFamily<Families extends DeclaredFamily> = { [F in Families as F["key"]]: (db: Database) => Promise<FamilyAnalytics<F>> };

/**
 * The analytics of the families this area serves the pages of, by family key: the one hand-written part of a family
 * besides its declaration. A family whose page is an area of its own (Customer Success) writes them in that area;
 * server/src/record-family-analytics.ts puts them together and does not compile until every declared family has
 * analytics of its schema's type. The SQL's real result is checked against the schema in analytics-schemas.test.ts.
 */
export const familyAnalytics = {
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
} satisfies Partial<AnalyticsByFamily<DeclaredFamily>>;
