import { date, integer, pgTable, real, timestamp } from "drizzle-orm/pg-core";

/**
 * What Leadwell measured of its own health each day (UTC), written by the business-health measuring job: uptime,
 * server-error rate and the share of requests answered within the latency target, from the service-level metrics of
 * every instance; support volume from technical issues and feedback. Business Health reads the latest day.
 */
export const healthMeasurements = pgTable("health_measurements", {
  day: date("day", { mode: "string" }).primaryKey(),
  requests: integer("requests").notNull(),
  uptimePercent: real("uptime_percent"),
  errorRatePercent: real("error_rate_percent"),
  /** Requests answered within SLA_P95_LATENCY_TARGET_MS, as a percentage of the day's requests. */
  performancePercent: real("performance_percent"),
  p95LatencyMs: real("p95_latency_ms"),
  supportVolume: integer("support_volume").notNull(),
  measuredAt: timestamp("measured_at", { withTimezone: true }).notNull().defaultNow(),
});
