import { z } from "zod";
import { isoDateTime, MAX_ROW_ID } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { defineFamily } from "./records/family";
import { endpointsOf } from "./records/schemas";

/**
 * Customer Success (spec integrations-enterprise-monitoring §2–§9; issue 14 points 1–5), all of it here: NPS answers
 * and their analytics, staff engagement and its risk levels, onboarding progress and retention cohorts, and the
 * page's two plain record families (renewal/upsell offers and business reviews, issue 14 point 5), which
 * contract/records/index.ts lists with every other family. Their analytics' SQL is in
 * server/src/modules/customer-success/customer-success-records.data.ts.
 */

export const CUSTOMER_SUCCESS_TAG = "Customer Success";
const tags = [CUSTOMER_SUCCESS_TAG];

export const NPS_ANALYTICS_REFRESH_MS = 300_000;
export const ENGAGEMENT_REFRESH_MS = 60_000;
export const ONBOARDING_REFRESH_MS = 300_000;
export const RETENTION_REFRESH_MS = 300_000;
export const RENEWAL_ANALYTICS_REFRESH_MS = 300_000;
export const BUSINESS_REVIEWS_REFRESH_MS = 3_600_000;

// The record families (spec §2, §3, §7)

export const renewalOfferTypes = ["renewal", "upsell", "cross_sell"] as const;
export const renewalOfferStatuses = ["pending", "accepted", "declined", "expired"] as const;
export const businessReviewTypes = ["monthly", "quarterly", "annual", "executive"] as const;

/** The spec shows up to 3 renewals. */
export const RENEWALS_SHOWN = 3;

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);

export const renewalOfferFamily = defineFamily({
  key: "renewalOffer",
  table: "renewal_upsell_offers",
  path: "/renewal-upsell",
  listKey: "offers",
  tag: CUSTOMER_SUCCESS_TAG,
  noun: "renewal or upsell offer",
  titleField: "userEmail",
  fields: {
    userEmail: { kind: "text", required: true, max: 150 },
    type: { kind: "enum", required: true, values: renewalOfferTypes, filter: true },
    status: { kind: "enum", values: renewalOfferStatuses, default: "pending", filter: true },
    offerDetails: { kind: "longText" },
    expiryDate: { kind: "date" },
    responseDate: { kind: "date" },
    revenue: { kind: "money" },
  },
  order: [
    { field: "expiryDate", direction: "asc" },
    { field: "userEmail", direction: "asc" },
  ],
  analytics: z.object({
    total_offers: z.number().int(),
    by_status: countsBy("status"),
    by_type: countsBy("type"),
    pending_offers: z.number().int(),
    pending_revenue: z.number().describe("Sum of the revenue of pending offers"),
    revenue_generated: z.number().describe("Sum of the revenue of accepted offers"),
    acceptance_rate: z.number().describe("Accepted offers as a % of offers answered (accepted or declined), rounded; 0 when none answered"),
  }),
});

export const businessReviewFamily = defineFamily({
  key: "businessReview",
  table: "business_reviews",
  path: "/business-reviews",
  listKey: "reviews",
  tag: CUSTOMER_SUCCESS_TAG,
  noun: "business review",
  titleField: "accountName",
  fields: {
    accountName: { kind: "text", required: true },
    reviewType: { kind: "enum", required: true, values: businessReviewTypes, filter: true },
    reviewDate: { kind: "date", required: true },
    keyMetrics: { kind: "longText" },
    winsAndChallenges: { kind: "longText" },
    actionItems: { kind: "list" },
    roadmapUpdates: { kind: "longText" },
    attendees: { kind: "list" },
  },
  order: [
    { field: "reviewDate", direction: "desc" },
    { field: "accountName", direction: "asc" },
  ],
  analytics: z.object({
    total_reviews: z.number().int(),
    by_type: countsBy("review type"),
    reviews_last_90_days: z.number().int().describe("Reviews dated within the last 90 days (UTC), today included"),
    action_items: z.number().int().describe("Action items listed over every review"),
  }),
});

export const customerSuccessFamilies = [renewalOfferFamily, businessReviewFamily] as const;

// GET /api/renewal-upsell/analytics (5 min)

export const renewalAnalyticsSchema = z.object({
  total_offers: z.number().int(),
  pending_offers: z.number().int(),
  pending_revenue: z.number(),
  revenue_generated: z.number().describe("Sum of the revenue of accepted offers"),
  acceptance_rate: z.number().describe("Accepted as a % of accepted or declined offers, rounded; 0 when none answered"),
  upcoming_renewals: z
    .array(
      z.object({
        id: z.number().int(),
        user_email: z.string(),
        type: z.enum(renewalOfferTypes),
        status: z.enum(renewalOfferStatuses),
        expiry_date: z.string().nullable(),
        revenue: z.number().nullable(),
      }),
    )
    .describe("At most 3 pending offers, the soonest expiry first (no expiry last)"),
});
export type RenewalAnalytics = z.infer<typeof renewalAnalyticsSchema>;

// NPS (spec §4, §5, §9): 0–6 detractor "Not likely", 7–8 passive "Somewhat likely", 9–10 promoter "Very likely".

export const NPS_MIN = 0;
export const NPS_MAX = 10;
/** The highest detractor and passive scores: the colour cut-offs 6 and 8. */
export const NPS_DETRACTOR_MAX = 6;
export const NPS_PASSIVE_MAX = 8;
export const NPS_FEEDBACK_MAX = 2000;
export const NPS_COMMENTS_SHOWN = 5;
export const NPS_TREND_MONTHS = 12;

export const npsBands = ["not_likely", "somewhat_likely", "very_likely"] as const;
export type NpsBand = (typeof npsBands)[number];

export function npsBand(score: number): NpsBand {
  if (score <= NPS_DETRACTOR_MAX) return "not_likely";
  if (score <= NPS_PASSIVE_MAX) return "somewhat_likely";
  return "very_likely";
}

export const npsLabels = ["excellent", "good", "needs_improvement"] as const;
export type NpsLabel = (typeof npsLabels)[number];
/** The label cut-offs: 50 or more Excellent, 0 or more Good, below 0 Needs Improvement. */
export const NPS_EXCELLENT_FROM = 50;
export const NPS_GOOD_FROM = 0;

export function npsLabel(npsScore: number): NpsLabel {
  if (npsScore >= NPS_EXCELLENT_FROM) return "excellent";
  if (npsScore >= NPS_GOOD_FROM) return "good";
  return "needs_improvement";
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, errorMessage("field.too_long", { max }))
    .nullish()
    .transform((v) => v || null);

/** The survey type an answer has unless it says otherwise (spec: surveyType default milestone). */
export const NPS_DEFAULT_SURVEY_TYPE = "milestone";
/**
 * The campaign of answers given through Customer Success → Test NPS Survey, so that they can be told apart from
 * answers to a survey link (which carry the link's own campaign and surveyType "link").
 */
export const NPS_TEST_SURVEY_CAMPAIGN = "test_nps_survey";

export const npsBodySchema = z.object({
  score: z
    .number({ error: errorMessage("field.required") })
    .int(errorMessage("field.not_integer"))
    .min(NPS_MIN, errorMessage("field.at_least", { min: NPS_MIN }))
    .max(NPS_MAX, errorMessage("field.at_most", { max: NPS_MAX })),
  feedback: optionalText(NPS_FEEDBACK_MAX),
  campaignId: optionalText(100).describe(`The campaign the answer belongs to; the Test NPS Survey sends "${NPS_TEST_SURVEY_CAMPAIGN}"`),
  surveyType: z.string().trim().min(1).max(50).default(NPS_DEFAULT_SURVEY_TYPE).describe(`The kind of survey; "${NPS_DEFAULT_SURVEY_TYPE}" when left out`),
  userEmail: z.string().optional().describe("Ignored: an answer is always recorded under the signed-in user's email"),
});
export type NpsBody = z.input<typeof npsBodySchema>;

export const npsResponseSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  score: z.number().int(),
  feedback: z.string().nullable(),
  campaignId: z.string().nullable(),
  surveyType: z.string(),
  createdAt: isoDateTime,
});
export type NpsResponse = z.infer<typeof npsResponseSchema>;

export const npsAnalyticsSchema = z.object({
  total_responses: z.number().int(),
  promoters: z.number().int().describe("Answers scoring 9 or 10"),
  passives: z.number().int().describe("Answers scoring 7 or 8"),
  detractors: z.number().int().describe("Answers scoring 0 to 6"),
  nps_score: z
    .number()
    .int()
    .describe("round(100 × (promoters − detractors) / every answer), passives in the denominator, half away from zero; 0 when there is no answer"),
  label: z.enum(npsLabels).describe("50 or more excellent, 0 or more good, below 0 needs_improvement"),
  trend: z
    .array(z.object({ month: z.string().describe("YYYY-MM (UTC)"), responses: z.number().int(), nps_score: z.number().int() }))
    .describe("Each of the last 12 months (UTC) that has answers, oldest first, with that month's NPS"),
  latest_comments: z
    .array(z.object({ id: z.number().int(), score: z.number().int(), feedback: z.string(), user_email: z.string(), created_at: isoDateTime }))
    .describe("The 5 newest answers that carry feedback text"),
});
export type NpsAnalytics = z.infer<typeof npsAnalyticsSchema>;

// Engagement (GET /api/engagement/users, 60 s)

export const riskLevels = ["low", "medium", "high", "critical"] as const;
export type RiskLevel = (typeof riskLevels)[number];
/** Lowest score of each level: 70+ low, 40–69 medium, 20–39 high, below 20 critical. */
export const RISK_LOW_FROM = 70;
export const RISK_MEDIUM_FROM = 40;
export const RISK_HIGH_FROM = 20;

export function riskLevelFor(engagementScore: number): RiskLevel {
  if (engagementScore >= RISK_LOW_FROM) return "low";
  if (engagementScore >= RISK_MEDIUM_FROM) return "medium";
  if (engagementScore >= RISK_HIGH_FROM) return "high";
  return "critical";
}
export const isAtRisk = (level: RiskLevel) => level === "high" || level === "critical";

/** The engagement window and the score's parts (server/src/modules/customer-success/customer-success.data.ts). */
export const ENGAGEMENT_WINDOW_DAYS = 30;
export const RECENCY_POINTS = 40;
export const FREQUENCY_POINTS = 40;
/** Active days that earn the full frequency points (2 points a day). */
export const FREQUENCY_FULL_DAYS = 20;
export const BREADTH_POINTS = 20;
/** Distinct areas that earn the full breadth points (4 points an area). */
export const BREADTH_FULL_AREAS = 5;

export const engagementUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  userEmail: z.string(),
  engagementScore: z.number().int(),
  riskLevel: z.enum(riskLevels),
  lastLogin: isoDateTime.nullable().describe("The latest sign-in: the newest session's start or users.last_login_at"),
  loginCount: z.number().int().describe("Sign-ins (sessions started) in the last 30 days"),
  activeDays: z.number().int().describe("Days (UTC) in the last 30 with a sign-in or an audited action"),
  featureAreas: z.number().int().describe("Distinct audited action areas (the part before the first dot: lead, task…) in the last 30 days"),
});
export type EngagementUser = z.infer<typeof engagementUserSchema>;

export const engagementReplySchema = z.object({
  users: z
    .array(engagementUserSchema)
    .describe(
      "Every active staff member, lowest score first. engagementScore = recency + frequency + breadth, 0–100: recency = round(40 × max(0, 30 − days since the last sign-in) / 30) (0 without a sign-in); frequency = 2 × min(active days in 30, 20); breadth = 4 × min(distinct action areas in 30 days, 5). riskLevel: 70+ low, 40–69 medium, 20–39 high, below 20 critical",
    ),
  by_risk: z.record(z.enum(riskLevels), z.number().int()).describe("Users per risk level (every level, 0 when none)"),
  risk_distribution: z
    .record(z.enum(riskLevels), z.number().int())
    .describe("The spec's name for the same counts as by_risk: users per risk level (low, medium, high, critical), 0 when none"),
  at_risk: z.number().int().describe("Users at high or critical risk"),
  average_score: z.number().int().describe("Mean engagement score, rounded; 0 without users"),
});
export type EngagementReply = z.infer<typeof engagementReplySchema>;

// Onboarding (GET /api/onboarding/analytics, 5 min; PUT /api/onboarding/:email)

export const ONBOARDING_TOTAL_STEPS = 5;
/**
 * The five default steps: 1 welcome call, 2 first KPI sync, 3 first task completed, 4 team trained, 5 go-live review.
 * Steps 2 and 3 are marked done by the events themselves (kpi.synced, task.completed on a task about the lead),
 * for the lead's email; the others by hand (PUT /api/onboarding/:email).
 */
export const onboardingSteps = ["welcome_call", "first_kpi_sync", "first_task_completed", "team_trained", "go_live_review"] as const;
export const ONBOARDING_STEP_KPI_SYNC = 2;
export const ONBOARDING_STEP_TASK_COMPLETED = 3;

export const onboardingBodySchema = z.object({
  completedSteps: z
    .array(z.number().int().min(1).max(20))
    .max(20)
    .describe("The steps done (1-based); the current step is the first not done, the account completes when every step is done"),
  totalSteps: z.number().int().min(1).max(20).default(ONBOARDING_TOTAL_STEPS),
});
export type OnboardingBody = z.input<typeof onboardingBodySchema>;

export const onboardingParamsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: errorMessage("field.invalid_email") })),
});

export const onboardingProgressSchema = z.object({
  userEmail: z.string(),
  currentStep: z.number().int(),
  totalSteps: z.number().int(),
  completedSteps: z.array(z.number().int()),
  isCompleted: z.boolean(),
  updatedAt: isoDateTime,
});
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

export const onboardingAnalyticsSchema = z.object({
  total_accounts: z.number().int(),
  completed: z.number().int(),
  completion_rate: z.number().int().describe("Completed accounts as a % of every account in onboarding, rounded; 0 without accounts"),
  steps: z
    .array(
      z.object({
        step: z.number().int(),
        reached: z.number().int().describe("Accounts at this step or past it (completed included)"),
        stopped: z.number().int().describe("Accounts not completed whose current step is this one"),
        drop_off: z.number().int().describe("stopped as a % of reached, rounded; 0 when none reached"),
      }),
    )
    .describe("Steps 1 to 5 (the default total)"),
  accounts: z.array(onboardingProgressSchema).describe("Up to 20 accounts, most recently changed first"),
});
export type OnboardingAnalytics = z.infer<typeof onboardingAnalyticsSchema>;

// Retention cohorts (GET /api/retention/cohorts, 5 min)

export const RETENTION_COHORT_MONTHS = 12;

export const retentionReplySchema = z.object({
  cohorts: z
    .array(
      z.object({
        cohort: z.string().describe("YYYY-MM (UTC): the month of each member's first activity"),
        size: z.number().int(),
        retention: z
          .array(z.number().int())
          .describe("For month 0, 1, 2… after the cohort's month up to the current month: members active that month as a % of the cohort's size, rounded"),
      }),
    )
    .describe(
      "Staff activity (sessions started and audited actions) grouped by each person's first active month, the last 12 cohorts, oldest first; the cohort's size is the fixed denominator",
    ),
});
export type RetentionReply = z.infer<typeof retentionReplySchema>;

// Survey links (issue 14 point 1): a one-time public page a lead answers

export const NPS_INVITATION_TTL_DAYS = 14;

export const npsInvitationBodySchema = z.object({
  leadId: z
    .number({ error: errorMessage("field.required") })
    .int(errorMessage("field.not_integer"))
    .positive(errorMessage("field.invalid_id"))
    .max(MAX_ROW_ID, errorMessage("field.invalid_id")),
  campaignId: optionalText(100),
});
export type NpsInvitationBody = z.input<typeof npsInvitationBodySchema>;

export const npsInvitationSchema = z.object({
  id: z.number().int(),
  link: z.string().describe("${origin}/survey#<token>: shown once; only the token's SHA-256 is stored"),
  expiresAt: isoDateTime,
  emailed: z.boolean().describe("true when the link was queued for SMTP; false when mail is not configured (the message is held)"),
});
export type NpsInvitation = z.infer<typeof npsInvitationSchema>;

const surveyToken = z
  .string({ error: errorMessage("field.required") })
  .trim()
  .min(1, errorMessage("field.required"))
  .max(200, errorMessage("field.too_long", { max: 200 }))
  .describe("The secret from the survey link (after #)");

export const npsSurveyLookupBodySchema = z.object({ token: surveyToken });
export const npsSurveyDetailsSchema = z.object({ businessName: z.string(), expiresAt: isoDateTime });
export type NpsSurveyDetails = z.infer<typeof npsSurveyDetailsSchema>;

export const npsSurveyRespondBodySchema = z.object({
  token: surveyToken,
  score: npsBodySchema.shape.score,
  feedback: optionalText(NPS_FEEDBACK_MAX),
});
export type NpsSurveyRespondBody = z.input<typeof npsSurveyRespondBodySchema>;
export const npsSurveyRespondReplySchema = z.object({ ok: z.literal(true) });

const businessReviewList = endpointsOf(businessReviewFamily).list;

export const customerSuccessEndpoints = defineEndpoints("customerSuccess", {
  submitNps: defineEndpoint({
    method: "POST",
    permission: "feedback.write",
    path: "/nps",
    body: npsBodySchema,
    reply: npsResponseSchema,
    status: 201,
    errors: [400],
    tags,
    summary: "Records an answer to the NPS survey under the signed-in user's email",
  }),
  npsAnalytics: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/nps/analytics",
    reply: npsAnalyticsSchema,
    tags,
    summary: "NPS, counts per band, the monthly trend and the latest comments",
  }),
  engagementUsers: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/engagement/users",
    reply: engagementReplySchema,
    tags,
    summary: "Each staff member's engagement score and risk level, from their sign-ins and audited actions",
  }),
  onboardingAnalytics: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/onboarding/analytics",
    reply: onboardingAnalyticsSchema,
    tags,
    summary: "Onboarding completion rate and drop-off per step",
  }),
  updateOnboarding: defineEndpoint({
    method: "PUT",
    permission: "customers.write",
    path: "/onboarding/:email",
    params: onboardingParamsSchema,
    body: onboardingBodySchema,
    reply: onboardingProgressSchema,
    errors: [400],
    tags,
    summary: "Sets an account's completed onboarding steps (created at step 1 of 5 when new)",
  }),
  retentionCohorts: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/retention/cohorts",
    reply: retentionReplySchema,
    tags,
    summary: "Monthly retention cohorts of staff activity",
  }),
  renewalAnalytics: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/renewal-upsell/analytics",
    reply: renewalAnalyticsSchema,
    tags,
    summary: "Renewal and upsell figures and the next 3 pending offers",
  }),
  createNpsInvitation: defineEndpoint({
    method: "POST",
    permission: "customers.write",
    path: "/nps/invitations",
    body: npsInvitationBodySchema,
    reply: npsInvitationSchema,
    status: 201,
    errors: [400],
    tags,
    summary: "Creates a one-time survey link for a lead (14 days) and mails it to the lead's email",
  }),
  npsSurveyLookup: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/nps/survey/lookup",
    body: npsSurveyLookupBodySchema,
    reply: npsSurveyDetailsSchema,
    errors: [400, 404, 429],
    tags,
    summary: "What a survey link is for (the lead's business name), while it is usable",
    description: "The token travels in the body, never in a URL, so it stays out of logs. Unknown, used and expired links all answer 404.",
  }),
  npsSurveyRespond: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/nps/survey/respond",
    body: npsSurveyRespondBodySchema,
    reply: npsSurveyRespondReplySchema,
    status: 201,
    errors: [400, 404, 429],
    tags,
    summary: "Answers a survey link once: the answer is stored under the lead's email and the link is used up",
  }),
  businessReviewList: defineEndpoint({
    ...businessReviewList,
    path: "/business-review/list",
    summary: "The business reviews (the spec's path; the same answer as GET /api/business-reviews)",
  }),
});
