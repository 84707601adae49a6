import { sql } from "drizzle-orm";
import { DASHBOARD_WEEKS, type DashboardStats } from "@contract/dashboard";
import { leadStatuses, type LeadStatus } from "@contract/leads";
import type { Database } from "../../db/client";
import { leadCounts } from "../../db/schema";

/** Leads per status from the counters, every status present (zero when none). */
export async function leadsByStatus(db: Database): Promise<DashboardStats["leadsByStatus"]> {
  const rows = await db
    .select({ status: leadCounts.status, count: sql<number>`sum(${leadCounts.n})::int` })
    .from(leadCounts)
    .groupBy(leadCounts.status);
  const counts = new Map(rows.map((r) => [r.status, r.count]));
  return leadStatuses.map((status: LeadStatus) => ({ status, count: counts.get(status) ?? 0 }));
}

/** New leads in each of the last weeks (Monday starts, UTC), oldest first, empty weeks included. */
export async function leadsPerWeek(db: Database): Promise<DashboardStats["leadsPerWeek"]> {
  const result = await db.execute<{ week_start: string; count: number }>(sql`
    SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start, coalesce(sum(d.n), 0)::int AS count
    FROM generate_series(
      date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(weeks => ${DASHBOARD_WEEKS - 1}),
      date_trunc('week', now() AT TIME ZONE 'UTC'),
      interval '1 week'
    ) AS w(week_start)
    LEFT JOIN lead_daily_counts d ON d.day >= w.week_start::date AND d.day < w.week_start::date + 7
    GROUP BY w.week_start
    ORDER BY w.week_start`);
  return (result as unknown as { rows: { week_start: string; count: number }[] }).rows.map((r) => ({ weekStart: r.week_start, count: Number(r.count) }));
}
