import type { communityEngagementFamily, evergreenReviewFamily, incidentSimulationFamily, legacyPlanFamily, riskFamily } from "@contract/records/business-health";
import type { FamilyAnalytics } from "@contract/records/schemas";
import { sql } from "drizzle-orm";
import type { BusinessHealthDashboard, Trend } from "@contract/records/business-health";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import {
  businessHealthSnapshots,
  communityEngagements,
  evergreenReviews,
  feedback,
  incidentSimulations,
  leads,
  legacyPlans,
  riskRegister,
  technicalIssues,
} from "../../db/schema";
import { countsBySql, todaySql, trendSql } from "../../db/analytics-sql";
import { leadInScope } from "../../kernel/lead-scope";
import { latestHealthMeasurement } from "./health-measurements.data";

/*
 * The Business Health families' analytics and the page's dashboard, every figure an SQL aggregate over the stored
 * records (formulas are stated in the analytics schemas, contract/records/business-health.ts).
 */


export type RiskAnalytics = FamilyAnalytics<typeof riskFamily>;

export const riskAnalytics = (db: Database) =>
  rawRow<RiskAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_risks,
          count(*) FILTER (WHERE status = 'active')::int AS active_risks,
          count(*) FILTER (WHERE status = 'active' AND (likelihood IN ('high', 'critical') OR impact IN ('high', 'critical')))::int AS high_priority_risks,
          count(*) FILTER (WHERE status = 'active' AND (likelihood = 'critical' OR impact = 'critical'))::int AS critical_risks,
          ${countsBySql(riskRegister, "category", sql`status = 'active'`)} AS by_category
        FROM ${riskRegister}`,
  );

export type IncidentAnalytics = FamilyAnalytics<typeof incidentSimulationFamily>;

export async function incidentAnalytics(db: Database): Promise<IncidentAnalytics> {
  const row = await rawRow<Omit<IncidentAnalytics, "improvement_trends"> & { response_trend: Trend; effectiveness_trend: Trend }>(
    db,
    sql`SELECT coalesce(round(avg(response_time)::numeric, 1), 0)::float8 AS average_response_time,
          coalesce(round(avg(effectiveness)::numeric, 1), 0)::float8 AS average_effectiveness,
          count(*) FILTER (WHERE date_part('year', simulation_date) = date_part('year', ${todaySql}))::int AS simulations_this_year,
          count(*)::int AS total_simulations,
          ${trendSql(incidentSimulations, "response_time", "simulation_date", "lower")} AS response_trend,
          ${trendSql(incidentSimulations, "effectiveness", "simulation_date", "higher")} AS effectiveness_trend
        FROM ${incidentSimulations}`,
  );
  const { response_trend, effectiveness_trend, ...figures } = row;
  return { ...figures, improvement_trends: { response_time: response_trend, effectiveness: effectiveness_trend } };
}

export type CommunityAnalytics = FamilyAnalytics<typeof communityEngagementFamily>;

export const communityAnalytics = (db: Database) =>
  rawRow<CommunityAnalytics>(
    db,
    sql`SELECT coalesce(sum(reach), 0)::float8 AS total_reach, count(*)::int AS total_engagement,
          ${countsBySql(communityEngagements, "engagement_type")} AS by_type
        FROM ${communityEngagements}`,
  );

export type LegacyAnalytics = FamilyAnalytics<typeof legacyPlanFamily>;

export const legacyAnalytics = (db: Database) =>
  rawRow<LegacyAnalytics>(
    db,
    sql`SELECT coalesce(round(avg(progress) FILTER (WHERE status <> 'cancelled')), 0)::float8 AS overall_progress,
          count(*)::int AS total_plans,
          count(*) FILTER (WHERE status IN ('active', 'in_progress'))::int AS active_plans,
          coalesce(sum(goals_achieved), 0)::int AS completed_goals,
          ${countsBySql(legacyPlans, "plan_type")} AS by_type
        FROM ${legacyPlans}`,
  );

export type EvergreenAnalytics = FamilyAnalytics<typeof evergreenReviewFamily>;

export async function evergreenAnalytics(db: Database): Promise<EvergreenAnalytics> {
  const row = await rawRow<Omit<EvergreenAnalytics, "improvement_trends"> & { business: Trend; technical: Trend; community: Trend }>(
    db,
    sql`SELECT coalesce(round(avg(business_health)), 0)::float8 AS average_business_health,
          coalesce(round(avg(technical_health)), 0)::float8 AS average_technical_health,
          coalesce(round(avg(community_health)), 0)::float8 AS average_community_health,
          ${trendSql(evergreenReviews, "business_health", "review_date", "higher")} AS business,
          ${trendSql(evergreenReviews, "technical_health", "review_date", "higher")} AS technical,
          ${trendSql(evergreenReviews, "community_health", "review_date", "higher")} AS community,
          (min(next_review_date) FILTER (WHERE next_review_date >= ${todaySql}))::text AS next_review_due,
          count(*)::int AS total_reviews
        FROM ${evergreenReviews}`,
  );
  const { business, technical, community, ...figures } = row;
  return { ...figures, improvement_trends: { business, technical, community } };
}

export const snapshotAnalytics = (db: Database) =>
  rawRow<{ total_snapshots: number; latest_snapshot_date: string | null }>(
    db,
    sql`SELECT count(*)::int AS total_snapshots, max(snapshot_date)::text AS latest_snapshot_date FROM ${businessHealthSnapshots}`,
  );

interface LatestSnapshot {
  snapshot_date: string;
  revenue_growth: number;
  profitability: number;
  runway_months: number;
  monthly_expenses: string;
  churn_rate: number;
  uptime: number;
  performance: number;
  error_rate: number;
  security_score: number;
  technical_debt: "low" | "medium" | "high";
}

/**
 * What Leadwell measures itself: lead growth (last 30 days against the 30 before, over the leads in the request's
 * scope) and support volume (30 days).
 */
const measuredHealth = (db: Database) =>
  rawRow<{ user_growth: number; support_volume: number }>(
    db,
    sql`SELECT (SELECT CASE WHEN previous = 0 THEN 0 ELSE round((recent - previous) * 100.0 / previous, 1) END
                FROM (SELECT count(*) FILTER (WHERE created_at >= now() - interval '30 days') AS recent,
                             count(*) FILTER (WHERE created_at < now() - interval '30 days') AS previous
                      FROM ${leads} WHERE created_at >= now() - interval '60 days' AND ${leadInScope(leads.assigneeId)}) AS windows)::float8 AS user_growth,
          ((SELECT count(*) FROM ${technicalIssues} WHERE created_at >= now() - interval '30 days')
            + (SELECT count(*) FROM ${feedback} WHERE created_at >= now() - interval '30 days'))::int AS support_volume`,
  );

export async function businessHealthDashboard(db: Database): Promise<BusinessHealthDashboard> {
  const [risks, incidents, community, legacy, headline, reviews, milestones, snapshots, measured, measurement] = await Promise.all([
    riskAnalytics(db),
    incidentAnalytics(db),
    communityAnalytics(db),
    legacyAnalytics(db),
    rawRow<{ overall: number }>(
      db,
      sql`SELECT coalesce((SELECT round((business_health + technical_health + community_health) / 3)
                           FROM ${evergreenReviews} ORDER BY review_date DESC, id DESC LIMIT 1), 0)::int AS overall`,
    ),
    rawRows<{ type: string; title: string; date: string; days_remaining: number }>(
      db,
      sql`SELECT type, title, day::text AS date, (day - ${todaySql})::int AS days_remaining FROM (
            SELECT 'risk' AS type, risk AS title, next_review_date AS day FROM ${riskRegister}
              WHERE status = 'active' AND next_review_date >= ${todaySql}
            UNION ALL
            SELECT 'simulation', scenario, simulation_date FROM ${incidentSimulations}
              WHERE status IN ('planning', 'active') AND simulation_date >= ${todaySql}
            UNION ALL
            SELECT review_type, title, next_review_date FROM ${evergreenReviews} WHERE next_review_date >= ${todaySql}
          ) AS upcoming ORDER BY day, title LIMIT 5`,
    ),
    rawRows<{ milestone: string; date: string }>(
      db,
      sql`SELECT next_milestone AS milestone, milestone_date::text AS date FROM ${legacyPlans}
          WHERE next_milestone IS NOT NULL AND milestone_date >= ${todaySql} AND status NOT IN ('completed', 'cancelled')
          ORDER BY milestone_date, id LIMIT 3`,
    ),
    rawRows<LatestSnapshot>(
      db,
      sql`SELECT snapshot_date::text AS snapshot_date, revenue_growth, profitability, runway_months, monthly_expenses::text AS monthly_expenses,
            churn_rate, uptime, performance, error_rate, security_score, technical_debt
          FROM ${businessHealthSnapshots} ORDER BY snapshot_date DESC, id DESC LIMIT 1`,
    ),
    measuredHealth(db),
    latestHealthMeasurement(db),
  ]);
  const latest = snapshots[0];
  // Measured figures win over entered ones: the daily measurement is what really happened.
  const uptime = measurement?.uptimePercent ?? latest?.uptime ?? null;
  const performance = measurement?.performancePercent ?? latest?.performance ?? null;
  const errorRate = measurement?.errorRatePercent ?? latest?.error_rate ?? null;
  const measuredFigures = measurement
    ? (["uptime", "performance", "error_rate"] as const).filter((figure) => {
        const value = { uptime: measurement.uptimePercent, performance: measurement.performancePercent, error_rate: measurement.errorRatePercent }[figure];
        return value !== null;
      })
    : [];
  return {
    overall_health_score: headline.overall,
    risk_summary: { critical_risks: risks.critical_risks, active_risks: risks.active_risks },
    community_impact: { total_reach: community.total_reach, total_engagements: community.total_engagement },
    incident_preparedness: { average_response_time: incidents.average_response_time, simulations_this_year: incidents.simulations_this_year },
    next_reviews: reviews,
    legacy_progress: { active_plans: legacy.active_plans, completed_goals: legacy.completed_goals, next_milestones: milestones },
    current_health: {
      snapshot_date: latest?.snapshot_date ?? null,
      financialHealth: latest
        ? { revenue_growth: latest.revenue_growth, profitability: latest.profitability, runway_months: latest.runway_months, monthly_expenses: latest.monthly_expenses }
        : null,
      measurement_date: measurement?.day ?? null,
      operationalHealth: { user_growth: measured.user_growth, churn_rate: latest?.churn_rate ?? null, support_volume: measured.support_volume, uptime },
      technicalHealth:
        latest || measurement
          ? { performance, error_rate: errorRate, security_score: latest?.security_score ?? null, technical_debt: latest?.technical_debt ?? null }
          : null,
      measured: ["user_growth", "support_volume", ...measuredFigures],
    },
  };
}
