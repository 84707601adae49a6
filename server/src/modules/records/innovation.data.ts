import type { complianceAuditFamily, experimentFamily, knowledgeArticleFamily, legacyIntegrationFamily, techRadarItemFamily } from "@contract/records/innovation";
import type { FamilyAnalytics } from "@contract/records/schemas";
import { sql } from "drizzle-orm";
import {
  DEADLINE_WINDOW_DAYS,
  DEADLINES_SHOWN,
  KNOWLEDGE_SEARCH_LIMIT,
  TECH_ITEMS_SHOWN,
  type InnovationDashboard,
  type KnowledgeSearchReply,
} from "@contract/records/innovation";
import type { Database } from "../../db/client";
import { searchKnowledgeArticles } from "../../db/queries/knowledge-search";
import { rawRow, rawRows } from "../../db/raw-rows";
import { complianceAudits, innovationExperiments, knowledgeArticles, legacyIntegrations, techRadarItems } from "../../db/schema";
import { countsBySql, percentSql, todaySql } from "../../db/analytics-sql";

/*
 * The Innovation & Legacy families' analytics and the page's dashboard, every figure an SQL aggregate over the stored
 * records (formulas are stated in the analytics schemas, contract/records/innovation.ts).
 */


export type TechRadarAnalytics = FamilyAnalytics<typeof techRadarItemFamily>;

export const techRadarAnalytics = (db: Database) =>
  rawRow<TechRadarAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_technologies,
          ${countsBySql(techRadarItems, "status")} AS by_status,
          ${countsBySql(techRadarItems, "quadrant")} AS by_quadrant,
          count(*) FILTER (WHERE moved_in_date BETWEEN ${todaySql} - 90 AND ${todaySql})::int AS moved_last_90_days
        FROM ${techRadarItems}`,
  );

export type ExperimentAnalytics = FamilyAnalytics<typeof experimentFamily>;

export const experimentAnalytics = (db: Database) =>
  rawRow<ExperimentAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_experiments,
          ${countsBySql(innovationExperiments, "status")} AS by_status,
          count(*) FILTER (WHERE status = 'in_progress')::int AS active_experiments,
          count(*) FILTER (WHERE status = 'completed')::int AS completed_experiments,
          ${percentSql(
            sql`count(*) FILTER (WHERE status = 'completed' AND outcome = 'validated')`,
            sql`count(*) FILTER (WHERE status = 'completed' AND outcome IS NOT NULL)`,
          )} AS success_rate
        FROM ${innovationExperiments}`,
  );

export type KnowledgeAnalytics = FamilyAnalytics<typeof knowledgeArticleFamily>;

export const knowledgeAnalytics = (db: Database) =>
  rawRow<KnowledgeAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_articles,
          (SELECT count(DISTINCT tag)::int FROM ${knowledgeArticles}, jsonb_array_elements_text(coalesce(tags, '[]'::jsonb)) AS tag) AS distinct_tags,
          count(*) FILTER (WHERE updated_at >= now() - interval '30 days')::int AS updated_last_30_days
        FROM ${knowledgeArticles}`,
  );

export type ComplianceAnalytics = FamilyAnalytics<typeof complianceAuditFamily>;

export const complianceAnalytics = (db: Database) =>
  rawRow<ComplianceAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_audits,
          ${countsBySql(complianceAudits, "status")} AS by_status,
          ${percentSql(sql`count(*) FILTER (WHERE status = 'passed')`, sql`count(*) FILTER (WHERE status IN ('passed', 'failed'))`)} AS pass_rate,
          count(*) FILTER (WHERE status IN ('planning', 'in_progress') AND due_date < ${todaySql})::int AS overdue_audits,
          coalesce(sum(open_findings), 0)::int AS open_findings
        FROM ${complianceAudits}`,
  );

export type LegacyIntegrationAnalytics = FamilyAnalytics<typeof legacyIntegrationFamily>;

export const legacyIntegrationAnalytics = (db: Database) =>
  rawRow<LegacyIntegrationAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_integrations,
          ${countsBySql(legacyIntegrations, "status")} AS by_status,
          count(*) FILTER (WHERE status <> 'sunset' AND sunset_date >= ${todaySql})::int AS upcoming_sunsets,
          count(*) FILTER (WHERE status <> 'sunset' AND sunset_date < ${todaySql})::int AS overdue_sunsets
        FROM ${legacyIntegrations}`,
  );

/**
 * Every deadline of the next 30 days (today included), over the three families: due dates of audits still planning or
 * in progress, sunset dates of integrations not yet sunset, end dates of experiments not completed. The dashboard
 * lists the first 5 and counts them all, per family.
 */
const deadlinesSql = sql`(
    SELECT kind, title, day FROM (
      SELECT 'compliance_audit' AS kind, title, due_date AS day FROM ${complianceAudits}
        WHERE status IN ('planning', 'in_progress')
      UNION ALL
      SELECT 'legacy_sunset', name, sunset_date FROM ${legacyIntegrations} WHERE status <> 'sunset'
      UNION ALL
      SELECT 'experiment_end', title, end_date FROM ${innovationExperiments} WHERE status <> 'completed'
    ) AS every_deadline
    WHERE day BETWEEN ${todaySql} AND ${todaySql} + ${DEADLINE_WINDOW_DAYS}::int)`;

export async function innovationDashboard(db: Database): Promise<InnovationDashboard> {
  const [radar, experiments, knowledge, compliance, legacy, deadlines, deadlineCounts, technologies] = await Promise.all([
    rawRow<InnovationDashboard["tech_radar"]>(
      db,
      sql`SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status = 'adopt')::int AS adopt,
            count(*) FILTER (WHERE status = 'trial')::int AS trial,
            count(*) FILTER (WHERE status = 'assess')::int AS assess,
            count(*) FILTER (WHERE status = 'hold')::int AS hold,
            ${percentSql(sql`count(*) FILTER (WHERE status = 'adopt')`, sql`count(*)`)} AS adoption_rate
          FROM ${techRadarItems}`,
    ),
    experimentAnalytics(db),
    knowledgeAnalytics(db),
    complianceAnalytics(db),
    rawRow<InnovationDashboard["legacy"]>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'active')::int AS active,
            count(*) FILTER (WHERE status = 'deprecated')::int AS deprecated,
            count(*) FILTER (WHERE status = 'sunset')::int AS sunset
          FROM ${legacyIntegrations}`,
    ),
    rawRows<InnovationDashboard["upcoming_deadlines"][number]>(
      db,
      sql`SELECT kind, title, day::text AS date, (day - ${todaySql})::int AS days_remaining FROM ${deadlinesSql} AS deadlines
          ORDER BY day, title LIMIT ${DEADLINES_SHOWN}`,
    ),
    rawRow<InnovationDashboard["deadline_counts"]>(
      db,
      sql`SELECT count(*)::int AS total,
            count(*) FILTER (WHERE kind = 'compliance_audit')::int AS compliance_audit,
            count(*) FILTER (WHERE kind = 'legacy_sunset')::int AS legacy_sunset,
            count(*) FILTER (WHERE kind = 'experiment_end')::int AS experiment_end
          FROM ${deadlinesSql} AS deadlines`,
    ),
    rawRows<InnovationDashboard["technologies"][number]>(
      db,
      sql`SELECT id, name, quadrant, status, moved_in_date::text AS moved_in_date FROM ${techRadarItems}
          ORDER BY moved_in_date DESC, name, id DESC LIMIT ${TECH_ITEMS_SHOWN}`,
    ),
  ]);
  return {
    tech_radar: radar,
    experiments: {
      total: experiments.total_experiments,
      active: experiments.active_experiments,
      completed: experiments.completed_experiments,
      success_rate: experiments.success_rate,
    },
    knowledge: { total_articles: knowledge.total_articles, updated_last_30_days: knowledge.updated_last_30_days },
    compliance: {
      total_audits: compliance.total_audits,
      pass_rate: compliance.pass_rate,
      overdue_audits: compliance.overdue_audits,
      open_findings: compliance.open_findings,
    },
    legacy,
    upcoming_deadlines: deadlines,
    deadline_counts: deadlineCounts,
    technologies,
  };
}

/** The Knowledge tab's search: the shared full-text query, answered without the bodies. */
export async function searchKnowledge(db: Database, text: string): Promise<KnowledgeSearchReply> {
  const matches = await searchKnowledgeArticles(db, text, KNOWLEDGE_SEARCH_LIMIT);
  return { articles: matches.map(({ id, title, version, tags, excerpt, rank }) => ({ id, title, version, tags, excerpt, rank })) };
}
