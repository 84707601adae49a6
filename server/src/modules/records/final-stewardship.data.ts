import type { archivalSystemFamily, legacyAuditFamily, stewardshipPlanFamily, stewardshipStatementFamily, stewardshipValidationFamily } from "@contract/records/final-stewardship";
import type { FamilyAnalytics } from "@contract/records/schemas";
import { sql } from "drizzle-orm";
import { stewardshipPlanTypes, type FinalStewardshipDashboard } from "@contract/records/final-stewardship";
import type { Trend } from "@contract/records/business-health";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { stewardshipArchivalSystems, stewardshipLegacyAudits, stewardshipPlans, stewardshipStatements, stewardshipValidations } from "../../db/schema";
import { countsBySql, todaySql, trendSql } from "../../db/analytics-sql";

/*
 * The Final Stewardship families' analytics and the page's dashboard, every figure an SQL aggregate over the stored
 * records (formulas are stated in the analytics schemas, contract/records/final-stewardship.ts).
 */


/** The latest validation (by validation date), the one the compliance status and the dashboard's current validation describe. */
const latestValidationSql = sql`(SELECT * FROM ${stewardshipValidations} ORDER BY validation_date DESC, id DESC LIMIT 1) AS latest`;

type CertificationStatus = "pending" | "certified" | "conditional" | "failed" | "expired";

export type ValidationAnalytics = FamilyAnalytics<typeof stewardshipValidationFamily>;

export async function validationAnalytics(db: Database): Promise<ValidationAnalytics> {
  const row = await rawRow<Omit<ValidationAnalytics, "compliance_status"> & { latest_status: CertificationStatus | null; latest_issues: number | null }>(
    db,
    sql`SELECT count(*)::int AS total_validations,
          coalesce(round(count(*) FILTER (WHERE certification_status = 'certified') * 100.0 / nullif(count(*), 0)), 0)::float8 AS certification_rate,
          coalesce(round(avg(overall_score)), 0)::float8 AS average_score,
          ${countsBySql(stewardshipValidations, "validation_type")} AS by_type,
          (SELECT certification_status FROM ${latestValidationSql}) AS latest_status,
          (SELECT jsonb_array_length(action_items)::int FROM ${latestValidationSql}) AS latest_issues
        FROM ${stewardshipValidations}`,
  );
  const { latest_status, latest_issues, ...figures } = row;
  return { ...figures, compliance_status: { status: latest_status, issues: latest_issues ?? 0 } };
}

export type AuditAnalytics = FamilyAnalytics<typeof legacyAuditFamily>;

export async function auditAnalytics(db: Database): Promise<AuditAnalytics> {
  const row = await rawRow<Omit<AuditAnalytics, "audit_trends"> & { trend: Trend; change: number }>(
    db,
    sql`SELECT count(*)::int AS total_audits,
          coalesce(round(avg(audit_score)), 0)::float8 AS average_score,
          coalesce(sum(jsonb_array_length(action_items)) FILTER (WHERE NOT actions_resolved AND actions_due_date < ${todaySql}), 0)::int AS overdue_actions,
          ${countsBySql(stewardshipLegacyAudits, "audit_type")} AS by_type,
          ${trendSql(stewardshipLegacyAudits, "audit_score", "audit_date", "higher")} AS trend,
          (SELECT coalesce(round((max(audit_score) FILTER (WHERE rn = 1) - max(audit_score) FILTER (WHERE rn = 2))::numeric, 1), 0)
             FROM (SELECT audit_score, row_number() OVER (ORDER BY audit_date DESC, id DESC) AS rn
                   FROM ${stewardshipLegacyAudits} WHERE audit_score IS NOT NULL) AS latest
             WHERE rn <= 2)::float8 AS change
        FROM ${stewardshipLegacyAudits}`,
  );
  const { trend, change, ...figures } = row;
  return { ...figures, audit_trends: { trend, change } };
}

export type ArchiveAnalytics = FamilyAnalytics<typeof archivalSystemFamily>;

export const archiveAnalytics = (db: Database) =>
  rawRow<ArchiveAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_archives,
          coalesce(sum(archival_size), 0)::float8 AS total_size,
          count(*) FILTER (WHERE status = 'verified')::int AS verified_archives,
          ${countsBySql(stewardshipArchivalSystems, "archival_type")} AS by_type,
          ${countsBySql(stewardshipArchivalSystems, "storage_location")} AS storage_locations,
          count(*) FILTER (WHERE status <> 'archived' AND next_verification_date <= ${todaySql} + 30)::int AS upcoming_verifications
        FROM ${stewardshipArchivalSystems}`,
  );

export type PlanAnalytics = FamilyAnalytics<typeof stewardshipPlanFamily>;

export async function planAnalytics(db: Database): Promise<PlanAnalytics> {
  const row = await rawRow<Omit<PlanAnalytics, "stewardship_coverage"> & { covered_areas: string[] }>(
    db,
    sql`SELECT count(*)::int AS total_plans,
          count(*) FILTER (WHERE status = 'active')::int AS active_plans,
          coalesce(round(avg(
            ((jsonb_array_length(stewardship_roles) > 0)::int
              + (coalesce(btrim(maintenance_plan), '') <> '')::int
              + (coalesce(btrim(budget_considerations), '') <> '')::int
              + (next_review_date IS NOT NULL)::int) * 25.0
          ) FILTER (WHERE status = 'active')), 0)::float8 AS legacy_completeness,
          ${countsBySql(stewardshipPlans, "plan_type")} AS by_type,
          coalesce((SELECT jsonb_agg(DISTINCT plan_type) FROM ${stewardshipPlans} WHERE status = 'active'), '[]'::jsonb) AS covered_areas
        FROM ${stewardshipPlans}`,
  );
  const { covered_areas, ...figures } = row;
  // The areas in the declaration's order, so the screen lists them the same way every time.
  const covered = stewardshipPlanTypes.filter((area) => covered_areas.includes(area));
  const missing = stewardshipPlanTypes.filter((area) => !covered_areas.includes(area));
  return {
    ...figures,
    stewardship_coverage: { coverage_percentage: Math.round((covered.length * 100) / stewardshipPlanTypes.length), covered_areas: covered, missing_areas: missing },
  };
}

export type StatementAnalytics = FamilyAnalytics<typeof stewardshipStatementFamily>;

export async function statementAnalytics(db: Database): Promise<StatementAnalytics> {
  const row = await rawRow<Omit<StatementAnalytics, "legacy_impact"> & StatementAnalytics["legacy_impact"]>(
    db,
    sql`SELECT count(*)::int AS total_statements,
          coalesce(round(avg(
            ((jsonb_array_length(key_achievements) > 0)::int + (jsonb_array_length(lessons_learned) > 0)::int
              + (jsonb_array_length(best_practices) > 0)::int) * 100.0 / 3
          ) FILTER (WHERE publication_status = 'published')), 0)::float8 AS impact_score,
          coalesce(sum(jsonb_array_length(key_achievements)), 0)::int AS total_achievements,
          coalesce(sum(jsonb_array_length(lessons_learned)), 0)::int AS total_lessons,
          coalesce(sum(jsonb_array_length(best_practices)), 0)::int AS total_best_practices,
          coalesce(sum(total_recipients) FILTER (WHERE publication_status = 'published'), 0)::int AS distribution_reach,
          ${countsBySql(stewardshipStatements, "statement_type")} AS by_type,
          ${countsBySql(stewardshipStatements, "publication_status")} AS publication_status
        FROM ${stewardshipStatements}`,
  );
  const { impact_score, total_achievements, total_lessons, total_best_practices, ...figures } = row;
  return { ...figures, legacy_impact: { impact_score, total_achievements, total_lessons, total_best_practices } };
}

/** The five phases of final stewardship, each complete or not (see completed_phases in the dashboard schema). */
const phasesSql = sql`SELECT
    coalesce((SELECT certification_status = 'certified' FROM ${latestValidationSql}), false) AS validation,
    (EXISTS (SELECT 1 FROM ${stewardshipLegacyAudits} WHERE status IN ('completed', 'approved'))
      AND NOT EXISTS (SELECT 1 FROM ${stewardshipLegacyAudits}
                      WHERE NOT actions_resolved AND actions_due_date < ${todaySql} AND jsonb_array_length(action_items) > 0)) AS audit,
    (EXISTS (SELECT 1 FROM ${stewardshipArchivalSystems} WHERE status <> 'archived')
      AND NOT EXISTS (SELECT 1 FROM ${stewardshipArchivalSystems} WHERE status NOT IN ('archived', 'verified'))) AS archival,
    EXISTS (SELECT 1 FROM ${stewardshipStatements} WHERE statement_type = 'final' AND publication_status = 'published') AS statement`;

type UpcomingReview = FinalStewardshipDashboard["upcoming_reviews"][number];
type CurrentValidation = NonNullable<FinalStewardshipDashboard["current_validation"]>;

export async function finalStewardshipDashboard(db: Database): Promise<FinalStewardshipDashboard> {
  const [audits, plans, archival, phases, reviews, current] = await Promise.all([
    auditAnalytics(db),
    planAnalytics(db),
    rawRow<{ completeness: number }>(
      db,
      sql`SELECT coalesce(round(count(*) FILTER (WHERE status IN ('completed', 'verified')) * 100.0 / nullif(count(*), 0)), 0)::int AS completeness
          FROM ${stewardshipArchivalSystems} WHERE status <> 'archived'`,
    ),
    rawRow<{ validation: boolean; audit: boolean; archival: boolean; statement: boolean }>(db, phasesSql),
    rawRows<UpcomingReview>(
      db,
      sql`SELECT type, title, day::text AS date, (day - ${todaySql})::int AS days_remaining FROM (
            SELECT 'validation' AS type, title, next_validation_date AS day FROM ${stewardshipValidations} WHERE next_validation_date >= ${todaySql}
            UNION ALL
            SELECT 'audit', title, audit_date FROM ${stewardshipLegacyAudits} WHERE status IN ('planning', 'in_progress') AND audit_date >= ${todaySql}
            UNION ALL
            SELECT 'verification', title, next_verification_date FROM ${stewardshipArchivalSystems}
              WHERE status <> 'archived' AND next_verification_date >= ${todaySql}
            UNION ALL
            SELECT 'stewardship', title, next_review_date FROM ${stewardshipPlans} WHERE status <> 'archived' AND next_review_date >= ${todaySql}
          ) AS upcoming ORDER BY day, title LIMIT 5`,
    ),
    rawRows<CurrentValidation>(
      db,
      sql`SELECT title, overall_score, certification_status, validation_date::text AS validation_date, systems_health_score, data_integrity_score,
            security_score, jsonb_array_length(action_items)::int AS action_items, next_validation_date::text AS next_validation_date
          FROM ${latestValidationSql}`,
    ),
  ]);
  const latest = current[0] ?? null;
  const systemReadiness = Math.round(latest?.overall_score ?? 0);
  const auditCompliance = Math.round(audits.average_score);
  const archivalCompleteness = archival.completeness;
  const legacyPreparation = plans.stewardship_coverage.coverage_percentage;
  const stewardshipHealth = Math.round((systemReadiness + auditCompliance + archivalCompleteness + legacyPreparation) / 4);
  const phaseState = { validation: phases.validation, audit: phases.audit, archival: phases.archival, plans: plans.stewardship_coverage.missing_areas.length === 0, statement: phases.statement };
  const phaseDone = Object.values(phaseState);
  const completedPhases = phaseDone.filter(Boolean).length;
  const completionPercentage = Math.round((completedPhases * 100) / phaseDone.length);
  return {
    stewardship_health: stewardshipHealth,
    system_readiness: systemReadiness,
    audit_compliance: auditCompliance,
    archival_completeness: archivalCompleteness,
    legacy_preparation: legacyPreparation,
    completion_metrics: {
      completion_percentage: completionPercentage,
      total_phases: phaseDone.length,
      completed_phases: completedPhases,
      final_readiness: Math.round((stewardshipHealth + completionPercentage) / 2),
      phases: phaseState,
    },
    upcoming_reviews: reviews,
    current_validation: latest,
  };
}
