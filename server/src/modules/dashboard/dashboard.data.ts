import { sql } from "drizzle-orm";
import { DASHBOARD_WEEKS, type DashboardStats } from "@contract/dashboard";
import { leadStatuses } from "@contract/leads";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { affiliates, kpiTotals, leadCounts, leadDailyCounts } from "../../db/schema";

// Every status in the contract's order, so the chart shows zeros too.
const statusList = sql.raw(`(VALUES ${leadStatuses.map((s, i) => `('${s}', ${i})`).join(", ")}) AS s(status, position)`);

/**
 * Every dashboard figure in one statement (one round trip, one pooled connection), each from the counters the
 * triggers keep: KPI sums, the lead total and leads per status, new leads per week (Monday starts, UTC, oldest first, empty weeks
 * included) and active affiliates. Its text never varies, so each connection prepares and plans it once: planning it
 * took half as long as running it (0.36 against 0.64 ms at 1M leads).
 */
export async function dashboardSnapshot(db: Database): Promise<DashboardStats> {
  const [row] = await rawRows<{ ytd: string; mrr: string; total_leads: number; active_affiliates: number; by_status: string; per_week: string }>(db, sql`
    SELECT
      coalesce(${kpiTotals.ytdSum}::text, '0.00') AS ytd,
      coalesce(${kpiTotals.mrrSum}::text, '0.00') AS mrr,
      (SELECT coalesce(sum(${leadCounts.n}), 0)::int FROM ${leadCounts}) AS total_leads,
      (SELECT count(*)::int FROM ${affiliates} WHERE ${affiliates.status} = 'active') AS active_affiliates,
      (SELECT json_agg(json_build_object('status', s.status, 'count', coalesce(c.n, 0)) ORDER BY s.position)
         FROM ${statusList}
         LEFT JOIN (SELECT ${leadCounts.status} AS status, sum(${leadCounts.n})::int AS n FROM ${leadCounts} GROUP BY 1) c ON c.status = s.status
      )::text AS by_status,
      (SELECT json_agg(json_build_object('weekStart', to_char(w.week_start, 'YYYY-MM-DD'), 'count', w.n) ORDER BY w.week_start)
         FROM (
           SELECT w.week_start, coalesce(sum(d.n), 0)::int AS n
           FROM generate_series(
             date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(weeks => ${DASHBOARD_WEEKS - 1}),
             date_trunc('week', now() AT TIME ZONE 'UTC'),
             interval '1 week'
           ) AS w(week_start)
           LEFT JOIN ${leadDailyCounts} d ON d.day >= w.week_start::date AND d.day < w.week_start::date + 7
           GROUP BY w.week_start
         ) w
      )::text AS per_week
    -- The single totals row, or none yet: the figures then read as zero.
    FROM (SELECT 1) AS always_one LEFT JOIN ${kpiTotals} ON ${kpiTotals.id} = 1`,
    { prepared: true },
  );
  return {
    ytd: row!.ytd,
    mrr: row!.mrr,
    totalLeads: Number(row!.total_leads),
    activeAffiliates: Number(row!.active_affiliates),
    leadsPerWeek: JSON.parse(row!.per_week) as DashboardStats["leadsPerWeek"],
    leadsByStatus: JSON.parse(row!.by_status) as DashboardStats["leadsByStatus"],
  };
}
