import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LATENCY_BUCKETS_MS, serviceLevelBetween } from "../../db/queries/service-level";
import { rawRows } from "../../db/raw-rows";
import { feedback, healthMeasurements, technicalIssues } from "../../db/schema";

export type HealthMeasurement = typeof healthMeasurements.$inferSelect;

/** The buckets wholly within the target: a request counts as fast only when its bucket's bound is within it. */
const bucketsWithin = (targetMs: number) => LATENCY_BUCKETS_MS.filter((bound) => bound <= targetMs).length;

/**
 * Measures one UTC day (YYYY-MM-DD) and stores it, replacing an earlier measurement of the same day (today's row is
 * re-measured as the day goes on). Uptime, error rate and p95 come from the service-level metrics every instance
 * writes; performance is the share of the day's requests answered within `latencyTargetMs`; support volume counts
 * the technical issues and feedback received that day.
 */
export async function measureHealthDay(db: Database, day: string, latencyTargetMs: number): Promise<HealthMeasurement> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const level = await serviceLevelBetween(db, from, to);
  const within = bucketsWithin(latencyTargetMs);
  const [counts] = await rawRows<{ fast: number; requests: number; support: number }>(
    db,
    sql`SELECT
          (SELECT coalesce(sum((SELECT coalesce(sum(n), 0) FROM unnest(latency_buckets[1:${within}]) AS n)), 0)::float8
             FROM request_metrics WHERE minute >= ${from.toISOString()}::timestamptz AND minute < ${to.toISOString()}::timestamptz) AS fast,
          (SELECT coalesce(sum(requests), 0)::float8
             FROM request_metrics WHERE minute >= ${from.toISOString()}::timestamptz AND minute < ${to.toISOString()}::timestamptz) AS requests,
          ((SELECT count(*) FROM ${technicalIssues} WHERE created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz)
            + (SELECT count(*) FROM ${feedback} WHERE created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz))::int AS support`,
  );
  const requests = Number(counts?.requests ?? 0);
  const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  const values = {
    requests,
    uptimePercent: round1(level.uptimePercent),
    errorRatePercent: round1(level.errorRatePercent),
    performancePercent: requests > 0 ? round1((100 * Number(counts!.fast)) / requests) : null,
    p95LatencyMs: level.p95LatencyMs,
    supportVolume: Number(counts?.support ?? 0),
  };
  const [row] = await db
    .insert(healthMeasurements)
    .values({ day, ...values })
    .onConflictDoUpdate({ target: healthMeasurements.day, set: { ...values, measuredAt: sql`now()` } })
    .returning();
  return row!;
}

/** The most recent day on which any request was measured, or undefined before the first. */
export async function latestHealthMeasurement(db: Database): Promise<HealthMeasurement | undefined> {
  const [row] = await db.select().from(healthMeasurements).where(sql`${healthMeasurements.requests} > 0`).orderBy(sql`${healthMeasurements.day} DESC`).limit(1);
  return row;
}
