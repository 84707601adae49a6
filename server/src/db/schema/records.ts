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
export const techRadarItems = familyTable(techRadarItemFamily);
export const innovationExperiments = familyTable(experimentFamily);
export const knowledgeArticles = familyTable(knowledgeArticleFamily);
export const complianceAudits = familyTable(complianceAuditFamily);
export const legacyIntegrations = familyTable(legacyIntegrationFamily);
