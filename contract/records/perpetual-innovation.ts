import { z } from "zod";
import { moneyOutput } from "../money";
import { defineFamily } from "./family";

/**
 * The Perpetual Innovation & Legacy page's record families (spec integrations-enterprise-monitoring §2, §3). The spec
 * names the figures but not their formulas: each analytics schema says how its figures are computed, and the SQL is
 * in server/src/modules/records/perpetual-innovation.data.ts. Flattened from the spec's nested names:
 * community legacy `repositoryInfo.url` → `repositoryUrl`, `licenseInfo.type` → `licenseType`.
 */

export const PERPETUAL_INNOVATION_TAG = "Perpetual Innovation";

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);
const score = (how: string) => z.number().int().min(0).max(100).describe(how);

export const technologyDebtLevels = ["low", "medium", "high"] as const;

/** A technology refresh review: an assessment of the stack, the opportunities it found and what it proved. */
export const techRefreshFamily = defineFamily({
  key: "techRefresh",
  table: "tech_refresh_reviews",
  path: "/tech-refresh",
  listKey: "tech_refresh",
  tag: PERPETUAL_INNOVATION_TAG,
  noun: "tech refresh review",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    reviewType: { kind: "enum", required: true, values: ["quarterly", "annual", "architecture", "security", "dependency_audit"], filter: true },
    status: { kind: "enum", values: ["planning", "in_progress", "completed", "cancelled"], default: "planning", filter: true },
    reviewDate: { kind: "date", required: true },
    innovationOpportunities: { kind: "list" },
    budget: { kind: "money" },
    innovationScore: { kind: "percent" },
    prototypesBuilt: { kind: "integer", default: 0, min: 0, max: 10_000 },
    prototypesSuccessful: { kind: "integer", default: 0, min: 0, max: 10_000 },
    technologyDebt: { kind: "enum", values: technologyDebtLevels },
    debtIssues: { kind: "integer", default: 0, min: 0, max: 100_000 },
    deprecatedTechnologies: { kind: "integer", default: 0, min: 0, max: 10_000 },
    atRiskTechnologies: { kind: "integer", default: 0, min: 0, max: 10_000 },
    summary: { kind: "longText" },
  },
  order: [{ field: "reviewDate", direction: "desc" }],
  analytics: z.object({
    innovation_score: score("Mean innovation score of the completed reviews dated in the last 365 days (UTC) that recorded one, rounded; 0 when none"),
    prototype_success_rate: score(
      "Successful prototypes (at most a review's prototypes built) as a % of prototypes built, over every review not cancelled, rounded; 0 when none was built",
    ),
    technology_debt: z
      .object({
        level: z.enum(technologyDebtLevels).nullable().describe("The debt level of the latest completed review that assessed it; null when none has"),
        count: z.number().int().describe("That review's open debt issues"),
        deprecated: z.number().int().describe("That review's deprecated technologies"),
        at_risk: z.number().int().describe("That review's technologies at risk"),
      })
      .describe("From the latest completed review (by review date) that assessed the debt level"),
    innovation_velocity: z.number().int().describe("Innovation opportunities identified by reviews dated in the last 365 days, not cancelled"),
    prototypes_this_year: z.number().int().describe("Prototypes built in reviews dated in the current calendar year (UTC), not cancelled"),
    total_reviews: z.number().int(),
  }),
});

/** A handover package: what a successor or another team receives, and whether its documentation is done. */
export const handoverPackageFamily = defineFamily({
  key: "handoverPackage",
  table: "handover_packages",
  path: "/handover-packages",
  listKey: "packages",
  tag: PERPETUAL_INNOVATION_TAG,
  noun: "handover package",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    packageType: { kind: "enum", required: true, values: ["technical", "operational", "business", "governance", "community"], filter: true },
    completionStatus: { kind: "enum", values: ["draft", "preparing", "ready", "completed", "cancelled"], default: "draft", filter: true },
    targetAudience: { kind: "text", required: true },
    handoverDate: { kind: "date" },
    documentation: { kind: "boolean", default: false },
    notes: { kind: "longText" },
  },
  order: [
    { field: "handoverDate", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    readiness_score: score("Packages ready or completed with their documentation done, as a % of the packages not cancelled, rounded; 0 when none"),
    total_packages: z.number().int(),
    documented_packages: z.number().int().describe("Packages whose documentation is done"),
    by_type: countsBy("package type"),
    by_status: countsBy("completion status"),
  }),
});

/** A community legacy plan: how a part of the project passes to the community (open source, a foundation...). */
export const communityLegacyFamily = defineFamily({
  key: "communityLegacy",
  table: "community_legacy_plans",
  path: "/community-legacy",
  listKey: "legacy_plans",
  tag: PERPETUAL_INNOVATION_TAG,
  noun: "community legacy plan",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    legacyType: { kind: "enum", required: true, values: ["open_source", "foundation_transfer", "community_handover", "education", "data_donation"], filter: true },
    status: { kind: "enum", values: ["planning", "announced", "in_progress", "completed", "cancelled"], default: "planning", filter: true },
    repositoryUrl: { kind: "url" },
    transitionDate: { kind: "date" },
    licenseType: { kind: "text", max: 60 },
    stakeholderReach: { kind: "integer", default: 0, min: 0, max: 1_000_000_000 },
    description: { kind: "longText" },
  },
  order: [
    { field: "transitionDate", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    community_impact: z.object({
      open_source_initiatives: z.number().int().describe("Plans of type open_source, not cancelled"),
      stakeholder_reach: z.number().int().describe("Sum of the stakeholder reach of the plans not cancelled"),
    }),
    legacy_status: score(
      "Each plan not cancelled counts by its stage (planning 0, announced 1/3, in progress 2/3, completed 1), averaged as a %, rounded; 0 when none",
    ),
    by_type: countsBy("legacy type"),
    transition_timeline: z.object({
      next_transition: z.string().nullable().describe("The earliest transition date today or later of a plan not completed or cancelled"),
      pending_transitions: z.number().int().describe("Plans not completed or cancelled"),
      completed_transitions: z.number().int().describe("Plans completed"),
    }),
    total_plans: z.number().int(),
  }),
});

/** A sunset or evergreen plan: how a product is kept alive or retired, its budget and its safeguards. */
export const sunsetPlanFamily = defineFamily({
  key: "sunsetPlan",
  table: "sunset_evergreen_plans",
  path: "/sunset-evergreen",
  listKey: "plans",
  tag: PERPETUAL_INNOVATION_TAG,
  noun: "sunset or evergreen plan",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    planType: { kind: "enum", required: true, values: ["evergreen", "maintenance_mode", "migration", "sunset"], filter: true },
    status: { kind: "enum", values: ["draft", "planning", "active", "completed", "cancelled"], default: "draft", filter: true },
    endOfLifeDate: { kind: "date" },
    budgetAllocation: { kind: "money" },
    maintenancePlan: { kind: "boolean", default: false },
    supportStructure: { kind: "boolean", default: false },
    securityPlan: { kind: "boolean", default: false },
    description: { kind: "longText" },
  },
  order: [
    { field: "endOfLifeDate", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    sustainability_score: score(
      "Safeguards in place (maintenance plan, support structure, security plan) as a % of the three each plan not cancelled should have, rounded; 0 when none",
    ),
    budget_allocation: moneyOutput.describe("Sum of the budgets of the plans not cancelled, a decimal string (it may pass the 12 digits one budget holds)"),
    by_type: countsBy("plan type"),
    active_maintenance: z.number().int().describe("Plans not completed or cancelled that have a maintenance plan"),
    scheduled_sunsets: z.number().int().describe("Sunset plans not completed or cancelled whose end-of-life date is today or later"),
    total_plans: z.number().int(),
  }),
});

/** A project legacy report: what the project achieved and learned, published or kept internal. */
export const projectLegacyReportFamily = defineFamily({
  key: "projectLegacyReport",
  table: "project_legacy_reports",
  path: "/project-legacy",
  listKey: "reports",
  tag: PERPETUAL_INNOVATION_TAG,
  noun: "project legacy report",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    reportType: { kind: "enum", required: true, values: ["annual", "milestone", "impact", "retrospective", "final"], filter: true },
    publicationStatus: { kind: "enum", values: ["draft", "internal", "public", "archived"], default: "draft", filter: true },
    version: { kind: "text", default: "1.0", max: 20 },
    publishDate: { kind: "date" },
    achievements: { kind: "list" },
    lessonsLearned: { kind: "list" },
    impactAreas: { kind: "list" },
    quantifiedImpact: { kind: "money" },
  },
  order: [{ field: "publishDate", direction: "desc" }],
  analytics: z.object({
    legacy_value: moneyOutput.describe("Sum of the quantified impact of every report, a decimal string"),
    knowledge_preservation: z.number().int().describe("Knowledge items documented: achievements plus lessons learned over every report"),
    preservation_score: score("Reports that document at least one lesson learned, as a % of every report, rounded; 0 when none"),
    impact_summary: z.object({
      total_achievements: z.number().int(),
      lessons_documented: z.number().int(),
      impact_areas: z.array(z.string()).describe("Every impact area named by a report, most often named first, then by name"),
    }),
    public_reports: z.number().int().describe("Reports whose publication status is public"),
    published_share: score("Reports published (internal or public) as a % of the reports not archived, rounded; 0 when none"),
    total_reports: z.number().int(),
  }),
});

export const perpetualInnovationFamilies = [techRefreshFamily, handoverPackageFamily, communityLegacyFamily, sunsetPlanFamily, projectLegacyReportFamily] as const;

// The dashboard (GET /api/perpetual-innovation/dashboard)

export const perpetualInnovationDashboardSchema = z.object({
  innovation_health: score("The tech refresh reviews' innovation score"),
  succession_readiness: score("The handover packages' readiness score"),
  community_legacy_status: score("The community legacy plans' stage-weighted status"),
  sustainability_score: score("The sunset and evergreen plans' safeguard coverage"),
  project_maturity: score("The project legacy reports' published share"),
  upcoming_reviews: z
    .array(
      z.object({
        type: z.enum(["tech_refresh", "handover", "transition", "end_of_life"]),
        title: z.string(),
        date: z.string(),
        days_remaining: z.number().int().describe("Whole days from today (UTC), rounded up"),
      }),
    )
    .describe(
      "The next 5 dated events from today: tech refresh reviews planned or in progress, handovers and community transitions not completed or cancelled, and end-of-life dates of plans not completed or cancelled",
    ),
  legacy_impact: z.object({
    quantified_impact: moneyOutput.describe("The project legacy reports' legacy value"),
    preservation_score: score("The project legacy reports' preservation score"),
  }),
  innovation_timeline: z.object({
    next_refresh: z.string().nullable().describe("The earliest review date today or later of a tech refresh review planned or in progress"),
    scheduled_refreshes: z.number().int().describe("Tech refresh reviews planned or in progress dated today or later"),
    overdue_refreshes: z.number().int().describe("Tech refresh reviews planned or in progress dated before today"),
  }),
});
export type PerpetualInnovationDashboard = z.infer<typeof perpetualInnovationDashboardSchema>;
