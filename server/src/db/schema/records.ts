// Relative, not @contract: drizzle-kit loads the schema without the project's path aliases.
import {
  communityEngagementFamily,
  evergreenReviewFamily,
  healthSnapshotFamily,
  incidentSimulationFamily,
  legacyPlanFamily,
  riskFamily,
} from "../../../../contract/records/business-health";
import {
  communityLegacyFamily,
  handoverPackageFamily,
  projectLegacyReportFamily,
  sunsetPlanFamily,
  techRefreshFamily,
} from "../../../../contract/records/perpetual-innovation";
import {
  communityTransitionFamily,
  livingArchiveFamily,
  livingLegacyPackageFamily,
  perpetualDeclarationFamily,
  stewardshipReviewFamily,
} from "../../../../contract/records/perpetual-stewardship";
import { businessReviewFamily, renewalOfferFamily } from "../../../../contract/customer-success";
import {
  ethicalReviewFamily,
  historicalRecordFamily,
  legacyCharterFamily,
  perpetuityDeclarationFamily,
  successionPlaybookFamily,
} from "../../../../contract/records/future-stewardship";
import {
  archivalSystemFamily,
  legacyAuditFamily,
  stewardshipPlanFamily,
  stewardshipStatementFamily,
  stewardshipValidationFamily,
} from "../../../../contract/records/final-stewardship";
import {
  complianceAuditFamily,
  experimentFamily,
  knowledgeArticleFamily,
  legacyIntegrationFamily,
  techRadarItemFamily,
} from "../../../../contract/records/innovation";
import { successionDocumentFamily } from "../../../../contract/records/succession";
import { familyTable } from "../record-table";

/*
 * One table per record family, generated from its declaration (contract/records/). Each is a named export so
 * drizzle-kit sees it; the records area finds a family's table by its declared table name (recordTables).
 */
export const riskRegister = familyTable(riskFamily);
export const incidentSimulations = familyTable(incidentSimulationFamily);
export const communityEngagements = familyTable(communityEngagementFamily);
export const legacyPlans = familyTable(legacyPlanFamily);
export const evergreenReviews = familyTable(evergreenReviewFamily);
export const businessHealthSnapshots = familyTable(healthSnapshotFamily);
export const successionDocuments = familyTable(successionDocumentFamily);
export const techRefreshReviews = familyTable(techRefreshFamily);
export const handoverPackages = familyTable(handoverPackageFamily);
export const communityLegacyPlans = familyTable(communityLegacyFamily);
export const sunsetEvergreenPlans = familyTable(sunsetPlanFamily);
export const projectLegacyReports = familyTable(projectLegacyReportFamily);
export const livingLegacyPackages = familyTable(livingLegacyPackageFamily);
export const livingArchives = familyTable(livingArchiveFamily);
export const legacyStewardshipReviews = familyTable(stewardshipReviewFamily);
export const communityTransitions = familyTable(communityTransitionFamily);
export const perpetualDeclarations = familyTable(perpetualDeclarationFamily);
export const legacyCharters = familyTable(legacyCharterFamily);
export const historicalRecords = familyTable(historicalRecordFamily);
export const successionPlaybooks = familyTable(successionPlaybookFamily);
export const ethicalReviews = familyTable(ethicalReviewFamily);
export const perpetuityDeclarations = familyTable(perpetuityDeclarationFamily);
export const stewardshipValidations = familyTable(stewardshipValidationFamily);
export const stewardshipLegacyAudits = familyTable(legacyAuditFamily);
export const stewardshipArchivalSystems = familyTable(archivalSystemFamily);
export const stewardshipPlans = familyTable(stewardshipPlanFamily);
export const stewardshipStatements = familyTable(stewardshipStatementFamily);
export const techRadarItems = familyTable(techRadarItemFamily);
export const innovationExperiments = familyTable(experimentFamily);
export const knowledgeArticles = familyTable(knowledgeArticleFamily);
export const complianceAudits = familyTable(complianceAuditFamily);
export const legacyIntegrations = familyTable(legacyIntegrationFamily);
export const renewalUpsellOffers = familyTable(renewalOfferFamily);
export const businessReviews = familyTable(businessReviewFamily);
