import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

/**
 * Medians of how long issues waited, from their own timestamps: report (created_at) to repair proposal (the proposal's
 * timestamp in ai_repair_log) and report to approval (approval_timestamp), for issues reported in the period.
 */
export async function issueTurnaround(db: Database, from: Date, to: Date) {
  const [row] = await rawRows<{ proposal_minutes: number | null; proposals: number; approval_hours: number | null; approvals: number }>(
    db,
    sql`
    WITH measured AS (
      SELECT extract(epoch FROM ((ai_repair_log ->> 'timestamp')::timestamptz - created_at)) / 60 AS proposal_minutes,
             extract(epoch FROM (approval_timestamp - created_at)) / 3600 AS approval_hours
        FROM technical_issues
       WHERE created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
    )
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY proposal_minutes) FILTER (WHERE proposal_minutes IS NOT NULL) AS proposal_minutes,
           count(proposal_minutes)::int AS proposals,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY approval_hours) FILTER (WHERE approval_hours IS NOT NULL) AS approval_hours,
           count(approval_hours)::int AS approvals
      FROM measured`,
  );
  const round = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);
  return {
    proposalMinutes: round(row?.proposal_minutes),
    proposals: Number(row?.proposals ?? 0),
    approvalHours: round(row?.approval_hours),
    approvals: Number(row?.approvals ?? 0),
  };
}

/** Minutes older than `keepDays`: the service level is read over periods up to a year, so 400 days are kept. */
export async function purgeOldRequestMetrics(db: Database, keepDays: number): Promise<number> {
  const removed = await rawRows<{ minute: string }>(
    db,
    sql`DELETE FROM request_metrics WHERE minute < now() - make_interval(days => ${keepDays}) RETURNING minute`,
  );
  return removed.length;
}
