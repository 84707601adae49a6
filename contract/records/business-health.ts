import { z } from "zod";
import { moneyOutput } from "../money";
import { defineFamily } from "./family";

/**
 * The Business Health & Evergreen page's record families (spec integrations-enterprise-monitoring §2, §3). Each
 * analytics schema says how its figures are computed; the SQL is in server/src/modules/records/business-health.data.ts.
 */

export const BUSINESS_HEALTH_TAG = "Business Health";

export const riskLevels = ["critical", "high", "medium", "low"] as const;

/**
 * A trend from the last two periods: the two most recent records that carry the figure (by date), compared.
 * `no_data` until there are two. For response time a smaller figure is the improvement.
 */
export const trends = ["improving", "declining", "stable", "no_data"] as const;
export const trendSchema = z.enum(trends);
export type Trend = z.infer<typeof trendSchema>;

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);

export const riskFamily = defineFamily({
  key: "risk",
  table: "risk_register",
  path: "/risk-register",
  listKey: "risks",
  tag: BUSINESS_HEALTH_TAG,
  noun: "risk",
  titleField: "risk",
  fields: {
    risk: { kind: "text", required: true },
    category: { kind: "enum", required: true, values: ["financial", "operational", "technical", "market", "legal", "people"], filter: true },
    likelihood: { kind: "enum", required: true, values: riskLevels },
    impact: { kind: "enum", required: true, values: riskLevels },
    mitigation: { kind: "longText", required: true },
    owner: { kind: "text", required: true },
    nextReviewDate: { kind: "date" },
    status: { kind: "enum", values: ["active", "mitigated"], default: "active", filter: true },
  },
  order: [
    { field: "nextReviewDate", direction: "asc" },
    { field: "risk", direction: "asc" },
  ],
  analytics: z.object({
    total_risks: z.number().int().describe("Every risk, active or mitigated"),
    active_risks: z.number().int().describe("Risks with status active"),
    high_priority_risks: z.number().int().describe("Active risks whose likelihood or impact is high or critical"),
    critical_risks: z.number().int().describe("Active risks whose likelihood or impact is critical"),
    by_category: countsBy("category (active risks)"),
  }),
});

export const incidentSimulationFamily = defineFamily({
  key: "incidentSimulation",
  table: "incident_simulations",
  path: "/incident-simulations",
  listKey: "simulations",
  tag: BUSINESS_HEALTH_TAG,
  noun: "incident simulation",
  titleField: "scenario",
  fields: {
    scenario: { kind: "text", required: true },
    scenarioType: {
      kind: "enum",
      required: true,
      values: ["security_breach", "service_outage", "data_loss", "key_person_loss", "supplier_failure", "natural_disaster"],
      filter: true,
    },
    status: { kind: "enum", values: ["planning", "active", "in_progress", "completed", "mitigated", "cancelled"], default: "planning", filter: true },
    simulationDate: { kind: "date", required: true },
    responseTime: { kind: "integer", min: 0, max: 100_000 },
    effectiveness: { kind: "number", min: 0, max: 10 },
    lessonsLearned: { kind: "longText" },
  },
  order: [{ field: "simulationDate", direction: "desc" }],
  analytics: z.object({
    average_response_time: z.number().describe("Mean response minutes over simulations that recorded one, rounded to 1 decimal; 0 when none"),
    average_effectiveness: z.number().describe("Mean effectiveness (out of 10) over simulations that recorded one, 1 decimal; 0 when none"),
    improvement_trends: z.object({
      response_time: trendSchema.describe("The latest two simulations with a response time: faster is improving"),
      effectiveness: trendSchema.describe("The latest two simulations with an effectiveness: higher is improving"),
    }),
    simulations_this_year: z.number().int().describe("Simulations dated in the current calendar year (UTC)"),
    total_simulations: z.number().int(),
  }),
});

export const communityEngagementFamily = defineFamily({
  key: "communityEngagement",
  table: "community_engagements",
  path: "/community-engagement",
  listKey: "engagements",
  tag: BUSINESS_HEALTH_TAG,
  noun: "community engagement",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    engagementType: { kind: "enum", required: true, values: ["event", "open_source", "mentoring", "sponsorship", "content", "volunteering"], filter: true },
    reach: { kind: "integer", required: true, min: 0, max: 1_000_000_000 },
    date: { kind: "date", required: true },
    impact: { kind: "longText", required: true },
  },
  order: [{ field: "date", direction: "desc" }],
  analytics: z.object({
    total_reach: z.number().int().describe("Sum of every activity's reach"),
    total_engagement: z.number().int().describe("Number of engagement activities"),
    by_type: countsBy("engagement type"),
  }),
});

export const legacyPlanFamily = defineFamily({
  key: "legacyPlan",
  table: "legacy_plans",
  path: "/legacy-planning",
  listKey: "plans",
  tag: BUSINESS_HEALTH_TAG,
  noun: "legacy plan",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    planType: {
      kind: "enum",
      required: true,
      values: ["succession", "knowledge_transfer", "open_source", "documentation", "financial", "community"],
      filter: true,
    },
    status: { kind: "enum", values: ["planning", "active", "in_progress", "completed", "cancelled"], default: "planning", filter: true },
    progress: { kind: "percent", default: 0 },
    goalsTotal: { kind: "integer", default: 0, max: 10_000 },
    goalsAchieved: { kind: "integer", default: 0, max: 10_000 },
    nextMilestone: { kind: "text" },
    milestoneDate: { kind: "date" },
    description: { kind: "longText" },
  },
  order: [
    { field: "milestoneDate", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    overall_progress: z.number().describe("Mean progress % of the plans not cancelled, rounded; 0 when none"),
    total_plans: z.number().int(),
    active_plans: z.number().int().describe("Plans with status active or in_progress"),
    completed_goals: z.number().int().describe("Sum of goals achieved over every plan"),
    by_type: countsBy("plan type"),
  }),
});

export const evergreenReviewFamily = defineFamily({
  key: "evergreenReview",
  table: "evergreen_reviews",
  path: "/evergreen-reviews",
  listKey: "reviews",
  tag: BUSINESS_HEALTH_TAG,
  noun: "evergreen review",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    reviewType: { kind: "enum", required: true, values: ["quarterly", "semi_annual", "annual", "ad_hoc"], filter: true },
    reviewDate: { kind: "date", required: true },
    businessHealth: { kind: "percent", required: true },
    technicalHealth: { kind: "percent", required: true },
    communityHealth: { kind: "percent", required: true },
    summary: { kind: "longText" },
    nextReviewDate: { kind: "date" },
  },
  order: [{ field: "reviewDate", direction: "desc" }],
  analytics: z.object({
    average_business_health: z.number().describe("Mean business health % over every review, rounded"),
    average_technical_health: z.number().describe("Mean technical health %, rounded"),
    average_community_health: z.number().describe("Mean community health %, rounded"),
    improvement_trends: z.object({
      business: trendSchema.describe("The latest two reviews by review date: higher is improving"),
      technical: trendSchema,
      community: trendSchema,
    }),
    next_review_due: z.string().nullable().describe("The earliest next review date on or after today (YYYY-MM-DD); null when none is set"),
    total_reviews: z.number().int(),
  }),
});

export const technicalDebtLevels = ["low", "medium", "high"] as const;

/**
 * A dated snapshot of the figures Leadwell cannot measure itself (finance, churn, uptime and the technical scores),
 * entered by staff. User growth and support volume are not stored: the dashboard measures them from the leads,
 * technical issues and feedback.
 */
export const healthSnapshotFamily = defineFamily({
  key: "healthSnapshot",
  table: "business_health_snapshots",
  path: "/business-health/snapshots",
  listKey: "snapshots",
  tag: BUSINESS_HEALTH_TAG,
  noun: "health snapshot",
  titleField: "snapshotDate",
  fields: {
    snapshotDate: { kind: "date", required: true },
    revenueGrowth: { kind: "number", required: true, min: -1000, max: 10_000 },
    profitability: { kind: "number", required: true, min: -1000, max: 100 },
    runwayMonths: { kind: "number", required: true, min: 0, max: 1200 },
    monthlyExpenses: { kind: "money", required: true },
    churnRate: { kind: "percent", required: true },
    uptime: { kind: "percent", required: true },
    performance: { kind: "percent", required: true },
    errorRate: { kind: "percent", required: true },
    securityScore: { kind: "percent", required: true },
    technicalDebt: { kind: "enum", required: true, values: technicalDebtLevels },
    notes: { kind: "longText" },
  },
  order: [{ field: "snapshotDate", direction: "desc" }],
  analytics: z.object({
    total_snapshots: z.number().int(),
    latest_snapshot_date: z.string().nullable().describe("The most recent snapshot's date"),
  }),
});

/** The kinds of dated review the dashboard lists: an active risk's next review, a planned simulation, an evergreen review's type. */
export const nextReviewTypes: readonly string[] = ["risk", "simulation", ...(evergreenReviewFamily.fields.reviewType.values ?? [])];

export const businessHealthFamilies = [
  riskFamily,
  incidentSimulationFamily,
  communityEngagementFamily,
  legacyPlanFamily,
  evergreenReviewFamily,
  healthSnapshotFamily,
] as const;

// The dashboard (GET /api/business-health/dashboard)

const financialHealthSchema = z.object({
  revenue_growth: z.number(),
  profitability: z.number(),
  runway_months: z.number(),
  monthly_expenses: moneyOutput,
});

const operationalHealthSchema = z.object({
  user_growth: z.number().describe("Measured: leads created in the last 30 days against the 30 before, % change (1 decimal); 0 when the earlier window had none"),
  churn_rate: z.number().nullable().describe("From the latest snapshot"),
  support_volume: z.number().int().describe("Measured: technical issues and feedback received in the last 30 days"),
  uptime: z.number().nullable().describe("Measured: the latest measured day's uptime (minutes some instance was up); else from the latest snapshot"),
});

const technicalHealthSchema = z.object({
  performance: z
    .number()
    .nullable()
    .describe("Measured: the latest measured day's requests answered within the latency target (SLA_P95_LATENCY_TARGET_MS), %; else from the latest snapshot"),
  error_rate: z.number().nullable().describe("Measured: the latest measured day's server errors (5xx) per request, %; else from the latest snapshot"),
  security_score: z.number().nullable().describe("From the latest snapshot"),
  technical_debt: z.enum(technicalDebtLevels).nullable().describe("From the latest snapshot"),
});

export const businessHealthDashboardSchema = z.object({
  overall_health_score: z
    .number()
    .int()
    .describe("The latest evergreen review's business, technical and community health, averaged and rounded; 0 without a review"),
  risk_summary: z.object({
    critical_risks: z.number().int().describe("Active risks whose likelihood or impact is critical"),
    active_risks: z.number().int(),
  }),
  community_impact: z.object({
    total_reach: z.number().int(),
    total_engagements: z.number().int(),
  }),
  incident_preparedness: z.object({
    average_response_time: z.number().describe("Mean response minutes over every simulation that recorded one"),
    simulations_this_year: z.number().int(),
  }),
  next_reviews: z
    .array(
      z.object({
        type: z.string().describe(`One of nextReviewTypes: ${nextReviewTypes.join(", ")}`),
        title: z.string(),
        date: z.string(),
        days_remaining: z.number().int().describe("Whole days from today (UTC), rounded up"),
      }),
    )
    .describe("The next 5 dated reviews from today: active risks' next review, planned simulations and evergreen reviews' next review"),
  legacy_progress: z.object({
    active_plans: z.number().int(),
    completed_goals: z.number().int(),
    next_milestones: z.array(z.object({ milestone: z.string(), date: z.string() })).describe("The next 3 milestones dated today or later"),
  }),
  current_health: z.object({
    snapshot_date: z.string().nullable().describe("The date of the snapshot the entered figures come from"),
    measurement_date: z.string().nullable().describe("The UTC day the measured uptime, error rate and performance come from (the latest day with traffic)"),
    financialHealth: financialHealthSchema.nullable(),
    operationalHealth: operationalHealthSchema,
    technicalHealth: technicalHealthSchema.nullable(),
    measured: z.array(z.string()).describe("The figures measured from Leadwell's own data rather than entered"),
  }),
});
export type BusinessHealthDashboard = z.infer<typeof businessHealthDashboardSchema>;

export const BUSINESS_HEALTH_REFRESH_MS = 300_000;
export const RECORD_LIST_REFRESH_MS = 3_600_000;
