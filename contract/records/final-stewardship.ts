import { z } from "zod";
import { defineFamily } from "./family";
import { trendSchema } from "./business-health";

/**
 * The Final Stewardship & Legacy page's record families (spec integrations-enterprise-monitoring §2, §3). Each
 * analytics schema says how its figures are computed where the spec leaves it open; the SQL is in
 * server/src/modules/records/final-stewardship.data.ts.
 *
 * The spec's nested names are flat columns here: systemsStatus.health_score → systemsHealthScore,
 * dataIntegrity.integrity_score → dataIntegrityScore, securityAssessment.security_score → securityScore,
 * distribution.total_recipients → totalRecipients; an audit's grouped findings are three lists (critical, major,
 * minor findings).
 */

export const FINAL_STEWARDSHIP_TAG = "Final Stewardship";

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);

/** Certification statuses (spec §4, certification colours). */
export const certificationStatuses = ["pending", "certified", "conditional", "failed", "expired"] as const;

export const stewardshipValidationFamily = defineFamily({
  key: "stewardshipValidation",
  table: "stewardship_validations",
  path: "/stewardship-validation",
  listKey: "validations",
  tag: FINAL_STEWARDSHIP_TAG,
  noun: "stewardship validation",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    validationType: {
      kind: "enum",
      required: true,
      values: ["comprehensive", "technical", "data_integrity", "security", "compliance", "governance"],
      filter: true,
    },
    validationDate: { kind: "date", required: true },
    overallScore: { kind: "percent", required: true },
    certificationStatus: { kind: "enum", values: certificationStatuses, default: "pending", filter: true },
    systemsHealthScore: { kind: "percent" },
    dataIntegrityScore: { kind: "percent" },
    securityScore: { kind: "percent" },
    actionItems: { kind: "list", default: [] },
    nextValidationDate: { kind: "date" },
  },
  order: [{ field: "validationDate", direction: "desc" }],
  analytics: z.object({
    total_validations: z.number().int(),
    certification_rate: z.number().describe("Validations with status certified, as a % of every validation, rounded; 0 when none"),
    average_score: z.number().describe("Mean overall score of every validation, rounded; 0 when none"),
    by_type: countsBy("validation type"),
    compliance_status: z.object({
      status: z.enum(certificationStatuses).nullable().describe("The certification status of the latest validation (by validation date); null when none"),
      issues: z.number().int().describe("The action items the latest validation left open"),
    }),
  }),
});

export const legacyAuditFamily = defineFamily({
  key: "legacyAudit",
  table: "stewardship_legacy_audits",
  path: "/legacy-audits",
  listKey: "audits",
  tag: FINAL_STEWARDSHIP_TAG,
  noun: "legacy audit",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    auditType: { kind: "enum", required: true, values: ["comprehensive", "compliance", "security", "financial", "technical", "governance"], filter: true },
    auditDate: { kind: "date", required: true },
    auditorName: { kind: "text", required: true },
    auditScore: { kind: "percent" },
    status: { kind: "enum", values: ["planning", "in_progress", "completed", "approved", "failed"], default: "planning", filter: true },
    criticalFindings: { kind: "list", default: [] },
    majorFindings: { kind: "list", default: [] },
    minorFindings: { kind: "list", default: [] },
    actionItems: { kind: "list", default: [] },
    actionsDueDate: { kind: "date" },
    actionsResolved: { kind: "boolean", default: false },
  },
  order: [{ field: "auditDate", direction: "desc" }],
  analytics: z.object({
    total_audits: z.number().int(),
    average_score: z.number().describe("Mean audit score over the audits that recorded one, rounded; 0 when none"),
    overdue_actions: z
      .number()
      .int()
      .describe("Action items of audits whose actions are not marked resolved and whose actions due date is before today (UTC)"),
    by_type: countsBy("audit type"),
    audit_trends: z.object({
      trend: trendSchema.describe("The latest two audits with a score (by audit date): higher is improving"),
      change: z.number().describe("The latest audit score minus the one before it, 1 decimal (signed); 0 with fewer than two"),
    }),
  }),
});

export const archivalSystemFamily = defineFamily({
  key: "archivalSystem",
  table: "stewardship_archival_systems",
  path: "/archival-systems",
  listKey: "archives",
  tag: FINAL_STEWARDSHIP_TAG,
  noun: "archive",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    archivalType: {
      kind: "enum",
      required: true,
      values: ["full_backup", "incremental_backup", "source_code", "database", "documentation", "media"],
      filter: true,
    },
    status: { kind: "enum", values: ["planning", "in_progress", "completed", "verified", "failed", "archived"], default: "planning", filter: true },
    archivalDate: { kind: "date", required: true },
    archivalSize: { kind: "number", unit: "GB", min: 0, max: 1e15 },
    storageLocation: { kind: "enum", required: true, values: ["on_premises", "cloud", "offsite_vault", "cold_storage", "distributed"], filter: true },
    encrypted: { kind: "boolean", default: false },
    lastVerified: { kind: "date" },
    nextVerificationDate: { kind: "date" },
  },
  order: [{ field: "archivalDate", direction: "desc" }],
  analytics: z.object({
    total_archives: z.number().int(),
    total_size: z.number().describe("Sum of every archive's size, in bytes"),
    verified_archives: z.number().int().describe("Archives with status verified"),
    by_type: countsBy("archival type"),
    storage_locations: countsBy("storage location"),
    upcoming_verifications: z
      .number()
      .int()
      .describe("Archives not retired (status archived) whose next verification date falls within the next 30 days, or has passed"),
  }),
});

/** The areas a set of stewardship plans should cover: one plan type each. */
export const stewardshipPlanTypes = ["succession", "maintenance", "governance", "financial", "knowledge", "community"] as const;

export const stewardshipPlanFamily = defineFamily({
  key: "stewardshipPlan",
  table: "stewardship_plans",
  path: "/stewardship-plans",
  listKey: "plans",
  tag: FINAL_STEWARDSHIP_TAG,
  noun: "stewardship plan",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    planType: { kind: "enum", required: true, values: stewardshipPlanTypes, filter: true },
    status: { kind: "enum", values: ["draft", "planning", "approved", "active", "completed", "archived"], default: "draft", filter: true },
    version: { kind: "text", default: "1.0", max: 20 },
    planDate: { kind: "date", required: true },
    nextReviewDate: { kind: "date" },
    stewardshipRoles: { kind: "list", default: [] },
    maintenancePlan: { kind: "longText" },
    budgetConsiderations: { kind: "longText" },
  },
  order: [
    { field: "planDate", direction: "desc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    total_plans: z.number().int(),
    active_plans: z.number().int().describe("Plans with status active"),
    legacy_completeness: z
      .number()
      .describe(
        "Over the active plans: the mean share of the four parts a plan needs (stewardship roles named, a maintenance plan, budget considerations, a next review date), as a %, rounded; 0 when no plan is active",
      ),
    by_type: countsBy("plan type"),
    stewardship_coverage: z.object({
      coverage_percentage: z.number().describe("Covered areas as a % of the six plan types, rounded"),
      covered_areas: z.array(z.string()).describe("Plan types with at least one active plan"),
      missing_areas: z.array(z.string()).describe("Plan types without an active plan"),
    }),
  }),
});

export const stewardshipStatementFamily = defineFamily({
  key: "stewardshipStatement",
  table: "stewardship_statements",
  path: "/stewardship-statements",
  listKey: "statements",
  tag: FINAL_STEWARDSHIP_TAG,
  noun: "stewardship statement",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    statementType: { kind: "enum", required: true, values: ["yearly", "milestone", "transition", "final"], filter: true },
    publicationStatus: { kind: "enum", values: ["draft", "approved", "published", "archived"], default: "draft", filter: true },
    version: { kind: "text", default: "1.0", max: 20 },
    publishedDate: { kind: "date" },
    keyAchievements: { kind: "list", default: [] },
    lessonsLearned: { kind: "list", default: [] },
    bestPractices: { kind: "list", default: [] },
    totalRecipients: { kind: "integer", default: 0, max: 1_000_000_000 },
  },
  order: [
    { field: "publishedDate", direction: "desc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    total_statements: z.number().int(),
    legacy_impact: z.object({
      impact_score: z
        .number()
        .describe(
          "Over the published statements: the mean share of the three kinds of knowledge documented (at least one key achievement, one lesson, one best practice), as a %, rounded; 0 when none is published",
        ),
      total_achievements: z.number().int().describe("Key achievements over every statement"),
      total_lessons: z.number().int().describe("Lessons learned over every statement"),
      total_best_practices: z.number().int().describe("Best practices over every statement"),
    }),
    distribution_reach: z.number().int().describe("Recipients of the published statements, summed"),
    by_type: countsBy("statement type"),
    publication_status: countsBy("publication status"),
  }),
});

export const finalStewardshipFamilies = [
  stewardshipValidationFamily,
  legacyAuditFamily,
  archivalSystemFamily,
  stewardshipPlanFamily,
  stewardshipStatementFamily,
] as const;

// The dashboard (GET /api/final-stewardship/dashboard)

export const upcomingReviewTypes = ["validation", "audit", "verification", "stewardship"] as const;

export const finalStewardshipDashboardSchema = z.object({
  stewardship_health: z
    .number()
    .int()
    .describe("The mean of system readiness, audit compliance, archival completeness and legacy preparation, rounded"),
  system_readiness: z.number().int().describe("The latest validation's overall score; 0 without a validation"),
  audit_compliance: z.number().int().describe("The audits' average score (over audits with a score), rounded; 0 without one"),
  archival_completeness: z
    .number()
    .int()
    .describe("Archives not retired (status archived) whose status is completed or verified, as a % of them, rounded; 0 without one"),
  legacy_preparation: z.number().int().describe("The stewardship plans' coverage percentage: plan types with an active plan, of the six"),
  completion_metrics: z.object({
    completion_percentage: z.number().int().describe("Completed phases as a % of the phases, rounded"),
    total_phases: z.number().int().describe("The five phases of final stewardship: validation, audit, archival, plans, statement"),
    completed_phases: z
      .number()
      .int()
      .describe(
        "Validation: the latest validation is certified. Audit: an audit is completed or approved and no action is overdue. Archival: every archive not retired is verified, and there is one. Plans: every plan type has an active plan. Statement: a final statement is published",
      ),
    final_readiness: z
      .number()
      .int()
      .describe("The mean of stewardship health and completion percentage, rounded: 100 only when every score and every phase is complete"),
    phases: z
      .object({
        validation: z.boolean().describe("The latest validation is certified"),
        audit: z.boolean().describe("An audit is completed or approved and no audit's action is overdue"),
        archival: z.boolean().describe("Every archive not retired is verified, and there is one"),
        plans: z.boolean().describe("Every plan type has an active plan"),
        statement: z.boolean().describe("A final statement is published"),
      })
      .describe("Each phase, complete or not (completed_phases counts the complete ones)"),
  }),
  upcoming_reviews: z
    .array(
      z.object({
        type: z.enum(upcomingReviewTypes),
        title: z.string(),
        date: z.string(),
        days_remaining: z.number().int().describe("Whole days from today (UTC), rounded up"),
      }),
    )
    .describe(
      "The next 5 dated reviews from today: validations' next validation date, audits planned or in progress, archives' next verification, stewardship plans' next review (plans not archived)",
    ),
  current_validation: z
    .object({
      title: z.string(),
      overall_score: z.number(),
      certification_status: z.enum(certificationStatuses),
      validation_date: z.string(),
      systems_health_score: z.number().nullable(),
      data_integrity_score: z.number().nullable(),
      security_score: z.number().nullable(),
      action_items: z.number().int().describe("How many action items it lists"),
      next_validation_date: z.string().nullable(),
    })
    .nullable()
    .describe("The latest validation (by validation date); null without one"),
});
export type FinalStewardshipDashboard = z.infer<typeof finalStewardshipDashboardSchema>;

export const FINAL_STEWARDSHIP_REFRESH_MS = 300_000;
