import { sql } from "drizzle-orm";
import type { AiInsights, CommunityAnalytics } from "@contract/integrations";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { leadInScope } from "../../kernel/lead-scope";
import { affiliateReferrals, automationRuns, automationWorkflows, feedback, kpiMetrics, leads, npsResponses, tasks, technicalIssues } from "../../db/schema";

/** The first instant of this calendar month in UTC, whatever the session's time zone. */
const monthStart = sql`(date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** One decimal place of a part of a whole, in percent; null when the whole is zero. */
const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 1000) / whole) / 10);

const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * Every AI and automation figure in one statement. A proposal is an issue holding an AI repair proposal (ai_repair_log:
 * awaiting review, approved or rejected; reopening an issue clears its proposal, so a replaced one is not counted
 * twice); the list of related fixes stored without a model (source kind retrieval) proposes no fix and is no
 * proposal. An approval is an issue whose fix was approved. Proposals this month go by the proposal's own timestamp.
 * Revenue generated is the year-to-date revenue (KPI records) of converted leads that came through an affiliate
 * referral, counting only the leads in the request's scope (a restricted agent's own and unassigned ones).
 */
export async function aiInsightsSnapshot(db: Database): Promise<AiInsights> {
  const proposalAt = sql`CASE WHEN ${technicalIssues.aiRepairLog} ->> 'timestamp' ~ '^\\d{4}-\\d{2}-\\d{2}T' THEN (${technicalIssues.aiRepairLog} ->> 'timestamp')::timestamptz END`;
  const [row] = await rawRows<{
    proposals_made: number;
    proposals_approved: number;
    proposals_this_month: number;
    automations_enabled: number;
    automation_runs: number;
    automation_runs_failed: number;
    automation_runs_this_month: number;
    tasks_by_automations: number;
    revenue_generated: string;
    referral_conversions: number;
  }>(
    db,
    sql`WITH proposals AS (
        SELECT ${technicalIssues.status} AS status, ${proposalAt} AS proposed_at FROM ${technicalIssues}
        WHERE ${technicalIssues.aiRepairLog} IS NOT NULL AND (${technicalIssues.aiRepairLog} #>> '{source,kind}') IS DISTINCT FROM 'retrieval'
      ), referred_conversions AS (
        SELECT ${leads.id} AS lead_id FROM ${leads}
        JOIN ${affiliateReferrals} ON ${affiliateReferrals.leadId} = ${leads.id}
        WHERE ${leads.status} = 'converted' AND ${leadInScope(leads.assigneeId)}
      )
      SELECT
        (SELECT count(*)::int FROM proposals) AS proposals_made,
        (SELECT count(*)::int FROM proposals WHERE status = 'approved') AS proposals_approved,
        (SELECT count(*)::int FROM proposals WHERE proposed_at >= ${monthStart}) AS proposals_this_month,
        (SELECT count(*)::int FROM ${automationWorkflows} WHERE ${automationWorkflows.enabled}) AS automations_enabled,
        (SELECT count(*)::int FROM ${automationRuns}) AS automation_runs,
        (SELECT count(*)::int FROM ${automationRuns} WHERE ${automationRuns.outcome} = 'failed') AS automation_runs_failed,
        (SELECT count(*)::int FROM ${automationRuns} WHERE ${automationRuns.createdAt} >= ${monthStart}) AS automation_runs_this_month,
        (SELECT count(*)::int FROM ${tasks} WHERE ${tasks.createdByAutomationId} IS NOT NULL) AS tasks_by_automations,
        (SELECT coalesce(sum(${kpiMetrics.ytdRevenue}), 0)::numeric(18, 2)::text FROM referred_conversions c
           JOIN ${kpiMetrics} ON ${kpiMetrics.leadId} = c.lead_id) AS revenue_generated,
        (SELECT count(*)::int FROM referred_conversions) AS referral_conversions`,
  );
  const made = Number(row!.proposals_made);
  const approved = Number(row!.proposals_approved);
  return {
    acceptanceRate: percent(approved, made),
    proposalsMade: made,
    proposalsApproved: approved,
    proposalsThisMonth: Number(row!.proposals_this_month),
    automationsEnabled: Number(row!.automations_enabled),
    automationRuns: Number(row!.automation_runs),
    automationRunsFailed: Number(row!.automation_runs_failed),
    automationRunsThisMonth: Number(row!.automation_runs_this_month),
    tasksCreatedByAutomations: Number(row!.tasks_by_automations),
    revenueGenerated: row!.revenue_generated,
    referralConversions: Number(row!.referral_conversions),
  };
}

/**
 * Feedback and NPS figures in one statement. NPS: promoters score 9–10, passives 7–8, detractors 0–6; the score is
 * the rounded difference of the promoters' and detractors' shares in percent.
 */
export async function communitySnapshot(db: Database): Promise<CommunityAnalytics> {
  const [row] = await rawRows<{
    feedback_total: number;
    feedback_this_month: number;
    feedback_contributors: number;
    feedback_by_type: string;
    nps_responses: number;
    promoters: number;
    passives: number;
    detractors: number;
  }>(
    db,
    sql`SELECT
        (SELECT count(*)::int FROM ${feedback}) AS feedback_total,
        (SELECT count(*)::int FROM ${feedback} WHERE ${feedback.createdAt} >= ${monthStart}) AS feedback_this_month,
        (SELECT count(DISTINCT lower(${feedback.userEmail}))::int FROM ${feedback}) AS feedback_contributors,
        (SELECT coalesce(json_agg(json_build_object('type', t.type, 'count', t.n) ORDER BY t.n DESC, t.type), '[]'::json)::text
           FROM (SELECT ${feedback.type} AS type, count(*)::int AS n FROM ${feedback} GROUP BY 1) t) AS feedback_by_type,
        count(*)::int AS nps_responses,
        count(*) FILTER (WHERE ${npsResponses.score} >= 9)::int AS promoters,
        count(*) FILTER (WHERE ${npsResponses.score} BETWEEN 7 AND 8)::int AS passives,
        count(*) FILTER (WHERE ${npsResponses.score} <= 6)::int AS detractors
      FROM ${npsResponses}`,
  );
  const responses = Number(row!.nps_responses);
  const promoters = Number(row!.promoters);
  const detractors = Number(row!.detractors);
  return {
    feedbackTotal: Number(row!.feedback_total),
    feedbackThisMonth: Number(row!.feedback_this_month),
    feedbackContributors: Number(row!.feedback_contributors),
    feedbackByType: JSON.parse(row!.feedback_by_type) as CommunityAnalytics["feedbackByType"],
    npsResponses: responses,
    // Half away from zero, so -12.5 and 12.5 round alike.
    npsScore: responses === 0 ? null : roundHalfAway(((promoters - detractors) * 100) / responses),
    promoters,
    passives: Number(row!.passives),
    detractors,
  };
}
