import type { communityLegacyFamily, handoverPackageFamily, projectLegacyReportFamily, sunsetPlanFamily, techRefreshFamily } from "@contract/records/perpetual-innovation";
import type { FamilyAnalytics } from "@contract/records/schemas";
import { sql } from "drizzle-orm";
import type { PerpetualInnovationDashboard } from "@contract/records/perpetual-innovation";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { communityLegacyPlans, handoverPackages, projectLegacyReports, sunsetEvergreenPlans, techRefreshReviews } from "../../db/schema";
import { countsBySql, percentSql, todaySql } from "../../db/analytics-sql";

/*
 * The Perpetual Innovation families' analytics and the page's dashboard, every figure an SQL aggregate over the
 * stored records (formulas are stated in the analytics schemas, contract/records/perpetual-innovation.ts).
 */

/** Reviews that are still to happen: planned or under way. */
const refreshOpen = sql`status IN ('planning', 'in_progress')`;

export type TechRefreshAnalytics = FamilyAnalytics<typeof techRefreshFamily>;

export async function techRefreshAnalytics(db: Database): Promise<TechRefreshAnalytics> {
  const row = await rawRow<Omit<TechRefreshAnalytics, "technology_debt"> & { debt_level: TechRefreshAnalytics["technology_debt"]["level"]; debt_count: number; deprecated: number; at_risk: number }>(
    db,
    sql`SELECT figures.*, latest.technology_debt AS debt_level, coalesce(latest.debt_issues, 0)::int AS debt_count,
          coalesce(latest.deprecated_technologies, 0)::int AS deprecated, coalesce(latest.at_risk_technologies, 0)::int AS at_risk
        FROM (SELECT coalesce(round(avg(innovation_score) FILTER (WHERE status = 'completed' AND review_date > ${todaySql} - 365)), 0)::int AS innovation_score,
                ${percentSql(sql`sum(least(prototypes_successful, prototypes_built)) FILTER (WHERE status <> 'cancelled')`, sql`sum(prototypes_built) FILTER (WHERE status <> 'cancelled')`)} AS prototype_success_rate,
                coalesce(sum(coalesce(jsonb_array_length(innovation_opportunities), 0)) FILTER (WHERE status <> 'cancelled' AND review_date > ${todaySql} - 365), 0)::int AS innovation_velocity,
                coalesce(sum(prototypes_built) FILTER (WHERE status <> 'cancelled' AND date_part('year', review_date) = date_part('year', ${todaySql})), 0)::int AS prototypes_this_year,
                count(*)::int AS total_reviews
              FROM ${techRefreshReviews}) AS figures
        LEFT JOIN LATERAL (SELECT technology_debt, debt_issues, deprecated_technologies, at_risk_technologies FROM ${techRefreshReviews}
                           WHERE status = 'completed' AND technology_debt IS NOT NULL ORDER BY review_date DESC, id DESC LIMIT 1) AS latest ON true`,
  );
  const { debt_level, debt_count, deprecated, at_risk, ...figures } = row;
  return { ...figures, technology_debt: { level: debt_level, count: debt_count, deprecated, at_risk } };
}

export type HandoverAnalytics = FamilyAnalytics<typeof handoverPackageFamily>;

export const handoverAnalytics = (db: Database) =>
  rawRow<HandoverAnalytics>(
    db,
    sql`SELECT ${percentSql(
      sql`count(*) FILTER (WHERE completion_status IN ('ready', 'completed') AND documentation)`,
      sql`count(*) FILTER (WHERE completion_status <> 'cancelled')`,
    )} AS readiness_score,
          count(*)::int AS total_packages,
          count(*) FILTER (WHERE documentation)::int AS documented_packages,
          ${countsBySql(handoverPackages, "package_type")} AS by_type,
          ${countsBySql(handoverPackages, "completion_status")} AS by_status
        FROM ${handoverPackages}`,
  );

export type CommunityLegacyAnalytics = FamilyAnalytics<typeof communityLegacyFamily>;

export async function communityLegacyAnalytics(db: Database): Promise<CommunityLegacyAnalytics> {
  const row = await rawRow<{
    open_source_initiatives: number;
    stakeholder_reach: number;
    legacy_status: number;
    by_type: Record<string, number>;
    next_transition: string | null;
    pending_transitions: number;
    completed_transitions: number;
    total_plans: number;
  }>(
    db,
    sql`SELECT count(*) FILTER (WHERE legacy_type = 'open_source' AND status <> 'cancelled')::int AS open_source_initiatives,
          coalesce(sum(stakeholder_reach) FILTER (WHERE status <> 'cancelled'), 0)::float8 AS stakeholder_reach,
          coalesce(round(avg(CASE status WHEN 'completed' THEN 3 WHEN 'in_progress' THEN 2 WHEN 'announced' THEN 1 ELSE 0 END * 100.0 / 3)
                         FILTER (WHERE status <> 'cancelled')), 0)::int AS legacy_status,
          ${countsBySql(communityLegacyPlans, "legacy_type")} AS by_type,
          (min(transition_date) FILTER (WHERE status NOT IN ('completed', 'cancelled') AND transition_date >= ${todaySql}))::text AS next_transition,
          count(*) FILTER (WHERE status NOT IN ('completed', 'cancelled'))::int AS pending_transitions,
          count(*) FILTER (WHERE status = 'completed')::int AS completed_transitions,
          count(*)::int AS total_plans
        FROM ${communityLegacyPlans}`,
  );
  return {
    community_impact: { open_source_initiatives: row.open_source_initiatives, stakeholder_reach: row.stakeholder_reach },
    legacy_status: row.legacy_status,
    by_type: row.by_type,
    transition_timeline: { next_transition: row.next_transition, pending_transitions: row.pending_transitions, completed_transitions: row.completed_transitions },
    total_plans: row.total_plans,
  };
}

export type SunsetPlanAnalytics = FamilyAnalytics<typeof sunsetPlanFamily>;

export const sunsetPlanAnalytics = (db: Database) =>
  rawRow<SunsetPlanAnalytics>(
    db,
    sql`SELECT ${percentSql(
      sql`sum(maintenance_plan::int + support_structure::int + security_plan::int) FILTER (WHERE status <> 'cancelled')`,
      sql`3 * count(*) FILTER (WHERE status <> 'cancelled')`,
    )} AS sustainability_score,
          round(coalesce(sum(budget_allocation) FILTER (WHERE status <> 'cancelled'), 0), 2)::text AS budget_allocation,
          ${countsBySql(sunsetEvergreenPlans, "plan_type")} AS by_type,
          count(*) FILTER (WHERE maintenance_plan AND status NOT IN ('completed', 'cancelled'))::int AS active_maintenance,
          count(*) FILTER (WHERE plan_type = 'sunset' AND status NOT IN ('completed', 'cancelled') AND end_of_life_date >= ${todaySql})::int AS scheduled_sunsets,
          count(*)::int AS total_plans
        FROM ${sunsetEvergreenPlans}`,
  );

export type ProjectLegacyAnalytics = FamilyAnalytics<typeof projectLegacyReportFamily>;

export async function projectLegacyAnalytics(db: Database): Promise<ProjectLegacyAnalytics> {
  const row = await rawRow<Omit<ProjectLegacyAnalytics, "impact_summary"> & { total_achievements: number; lessons_documented: number; impact_areas: string[] }>(
    db,
    sql`SELECT round(coalesce(sum(quantified_impact), 0), 2)::text AS legacy_value,
          coalesce(sum(coalesce(jsonb_array_length(achievements), 0) + coalesce(jsonb_array_length(lessons_learned), 0)), 0)::int AS knowledge_preservation,
          ${percentSql(sql`count(*) FILTER (WHERE coalesce(jsonb_array_length(lessons_learned), 0) > 0)`, sql`count(*)`)} AS preservation_score,
          coalesce(sum(jsonb_array_length(achievements)), 0)::int AS total_achievements,
          coalesce(sum(jsonb_array_length(lessons_learned)), 0)::int AS lessons_documented,
          coalesce((SELECT jsonb_agg(area ORDER BY named DESC, area) FROM (
              SELECT area, count(*) AS named FROM ${projectLegacyReports}, jsonb_array_elements_text(coalesce(impact_areas, '[]'::jsonb)) AS area GROUP BY area
            ) AS areas), '[]'::jsonb) AS impact_areas,
          count(*) FILTER (WHERE publication_status = 'public')::int AS public_reports,
          ${percentSql(sql`count(*) FILTER (WHERE publication_status IN ('internal', 'public'))`, sql`count(*) FILTER (WHERE publication_status <> 'archived')`)} AS published_share,
          count(*)::int AS total_reports
        FROM ${projectLegacyReports}`,
  );
  const { total_achievements, lessons_documented, impact_areas, ...figures } = row;
  return { ...figures, impact_summary: { total_achievements, lessons_documented, impact_areas } };
}

/** Open tech refresh reviews against today: the next, how many are ahead and how many are overdue. */
const innovationTimeline = (db: Database) =>
  rawRow<PerpetualInnovationDashboard["innovation_timeline"]>(
    db,
    sql`SELECT (min(review_date) FILTER (WHERE review_date >= ${todaySql}))::text AS next_refresh,
          count(*) FILTER (WHERE review_date >= ${todaySql})::int AS scheduled_refreshes,
          count(*) FILTER (WHERE review_date < ${todaySql})::int AS overdue_refreshes
        FROM ${techRefreshReviews} WHERE ${refreshOpen}`,
  );

export async function perpetualInnovationDashboard(db: Database): Promise<PerpetualInnovationDashboard> {
  const [refresh, handover, legacy, sunset, reports, timeline, upcoming] = await Promise.all([
    techRefreshAnalytics(db),
    handoverAnalytics(db),
    communityLegacyAnalytics(db),
    sunsetPlanAnalytics(db),
    projectLegacyAnalytics(db),
    innovationTimeline(db),
    rawRows<PerpetualInnovationDashboard["upcoming_reviews"][number]>(
      db,
      sql`SELECT type, title, day::text AS date, (day - ${todaySql})::int AS days_remaining FROM (
            SELECT 'tech_refresh' AS type, title, review_date AS day FROM ${techRefreshReviews} WHERE ${refreshOpen}
            UNION ALL
            SELECT 'handover', title, handover_date FROM ${handoverPackages} WHERE completion_status NOT IN ('completed', 'cancelled')
            UNION ALL
            SELECT 'transition', title, transition_date FROM ${communityLegacyPlans} WHERE status NOT IN ('completed', 'cancelled')
            UNION ALL
            SELECT 'end_of_life', title, end_of_life_date FROM ${sunsetEvergreenPlans} WHERE status NOT IN ('completed', 'cancelled')
          ) AS upcoming WHERE day >= ${todaySql} ORDER BY day, title LIMIT 5`,
    ),
  ]);
  return {
    innovation_health: refresh.innovation_score,
    succession_readiness: handover.readiness_score,
    community_legacy_status: legacy.legacy_status,
    sustainability_score: sunset.sustainability_score,
    project_maturity: reports.published_share,
    upcoming_reviews: upcoming,
    legacy_impact: { quantified_impact: reports.legacy_value, preservation_score: reports.preservation_score },
    innovation_timeline: timeline,
  };
}
