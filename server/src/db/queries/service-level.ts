import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { rawRows } from "../raw-rows";

/**
 * Upper bounds (ms) of the latency histogram's buckets; a last bucket counts slower requests. Fixed, so rows from
 * every instance and every minute add up bucket by bucket. Changing them needs the old request_metrics rows deleted.
 */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 2_000, 5_000, 10_000] as const;

/** The API's measured service level over a period, from request_metrics (kernel/http/service-level-meter.ts). */
export interface MeasuredServiceLevel {
  /** Minutes in the period since measuring began (the first row ever), up to now. */
  expectedMinutes: number;
  /** Of those, minutes in which at least one instance reported (its heartbeat row). */
  upMinutes: number;
  /** upMinutes / expectedMinutes, in percent; null before anything was measured. */
  uptimePercent: number | null;
  requests: number;
  serverErrors: number;
  /** Share of requests answered with a 5xx, in percent; null with no requests. */
  errorRatePercent: number | null;
  /** 95th percentile of latency (ms), interpolated inside the bucket it falls in; null with no requests. */
  p95LatencyMs: number | null;
}

/**
 * The measured uptime, error rate and p95 latency between `from` (included) and `to` (excluded), summed over every
 * instance, all computed in SQL. For other areas too (business health reads uptime and error rate from here).
 *
 * Uptime counts only minutes that have ended by `now`: the current minute's heartbeat may not be flushed yet (a flush
 * runs every 30 s), and counting it would read a server that never stopped as down for that minute.
 */
export async function serviceLevelBetween(db: Database, from: Date, to: Date, now: Date = new Date()): Promise<MeasuredServiceLevel> {
  const bounds = `{${LATENCY_BUCKETS_MS.join(",")}}`;
  const [row] = await rawRows<{
    expected_minutes: number | null;
    up_minutes: number;
    requests: string | number;
    server_errors: string | number;
    p95: number | null;
  }>(
    db,
    sql`
    WITH period AS (
      -- Nothing measured yet: no period, and no uptime figure (rather than 0 %).
      SELECT CASE WHEN (SELECT min(minute) FROM request_metrics) IS NULL THEN NULL
                  ELSE greatest(${from.toISOString()}::timestamptz, (SELECT min(minute) FROM request_metrics)) END AS starts,
             least(${to.toISOString()}::timestamptz, date_trunc('minute', ${now.toISOString()}::timestamptz)) AS ends
    ), rows AS (
      SELECT m.* FROM request_metrics m WHERE m.minute >= ${from.toISOString()}::timestamptz AND m.minute < ${to.toISOString()}::timestamptz
    ), buckets AS (
      SELECT b.i, sum(b.n)::float8 AS n
        FROM rows, unnest(rows.latency_buckets) WITH ORDINALITY AS b(n, i)
       GROUP BY b.i
    ), running AS (
      SELECT i, n, sum(n) OVER (ORDER BY i) AS through, sum(n) OVER () AS total FROM buckets
    ), p95_bucket AS (
      SELECT i, n, through, total FROM running WHERE n > 0 AND through >= 0.95 * total ORDER BY i LIMIT 1
    )
    SELECT
      (SELECT CASE WHEN starts IS NULL OR ends <= starts THEN NULL
                   ELSE ceil(extract(epoch FROM (ends - starts)) / 60)::int END FROM period) AS expected_minutes,
      (SELECT count(DISTINCT minute)::int FROM rows, period WHERE rows.minute < period.ends) AS up_minutes,
      (SELECT coalesce(sum(requests), 0) FROM rows) AS requests,
      (SELECT coalesce(sum(server_errors), 0) FROM rows) AS server_errors,
      (SELECT CASE
                WHEN p.i > array_length(${bounds}::int[], 1) THEN (${bounds}::int[])[p.i - 1]::float8
                ELSE coalesce((${bounds}::int[])[p.i - 1], 0)
                     + ((${bounds}::int[])[p.i] - coalesce((${bounds}::int[])[p.i - 1], 0))
                       * (0.95 * p.total - (p.through - p.n)) / p.n
              END
         FROM p95_bucket p) AS p95`,
  );
  const expectedMinutes = Number(row?.expected_minutes ?? 0);
  const upMinutes = Math.min(Number(row?.up_minutes ?? 0), expectedMinutes || Number(row?.up_minutes ?? 0));
  const requests = Number(row?.requests ?? 0);
  const serverErrors = Number(row?.server_errors ?? 0);
  return {
    expectedMinutes,
    upMinutes,
    uptimePercent: expectedMinutes > 0 ? (100 * upMinutes) / expectedMinutes : null,
    requests,
    serverErrors,
    errorRatePercent: requests > 0 ? (100 * serverErrors) / requests : null,
    p95LatencyMs: row?.p95 === null || row?.p95 === undefined ? null : Math.round(Number(row.p95) * 10) / 10,
  };
}
