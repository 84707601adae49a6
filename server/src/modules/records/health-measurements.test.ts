import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BusinessHealthDashboard } from "@contract/records/business-health";
import { LATENCY_BUCKETS_MS } from "../../db/queries/service-level";
import type { JobKind } from "../../kernel/jobs/job-kind";
import { suiteWithAdmin, testDrivers, type TestRuntime } from "../../test/test-runtime";
import { purgeRequestMetricsJob } from "../service-level/service-level.jobs";
import { measureHealthJob } from "./business-health.jobs";
import { measureHealthDay } from "./health-measurements.data";

/** A histogram with `count` requests in the bucket whose bound is `boundMs`. */
function histogram(entries: [boundMs: number, count: number][]): string {
  const buckets = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const [bound, count] of entries) buckets[LATENCY_BUCKETS_MS.indexOf(bound as (typeof LATENCY_BUCKETS_MS)[number])]! += count;
  return `{${buckets.join(",")}}`;
}

async function runJob(rt: TestRuntime, kind: JobKind) {
  const id = await rt.ctx.jobs.send(kind, {});
  let job: { state: string; output: unknown } | null = null;
  for (let i = 0; i < 120 && job?.state !== "completed" && job?.state !== "failed"; i++) {
    await new Promise((r) => setTimeout(r, 250));
    job = await rt.ctx.jobs.getJob(kind, id!);
  }
  return job;
}

const DAY = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

describe.each(testDrivers)("Leadwell's own health, measured daily, on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("measures a day from every instance's request counts and the support received, and the dashboard shows it", async () => {
    const db = suite.rt.ctx.db;
    // Two instances; minutes 23:57 and 23:59 have rows, 23:58 none: 2 of the 3 minutes since the first row were up.
    await db.execute(sql`INSERT INTO request_metrics (minute, instance_id, requests, server_errors, latency_buckets) VALUES
      (${`${DAY}T23:57:00Z`}::timestamptz, 'a', 80, 2, ${histogram([[100, 60], [750, 20]])}::int[]),
      (${`${DAY}T23:57:00Z`}::timestamptz, 'b', 20, 0, ${histogram([[5, 20]])}::int[]),
      (${`${DAY}T23:59:00Z`}::timestamptz, 'a', 0, 0, ${histogram([])}::int[])`);
    const received = await suite.admin.post("/api/feedback", { type: "Feature Request", description: "Please add a dark theme to the dashboard." });
    expect(received.status).toBe(201);
    await db.execute(sql`UPDATE feedback SET created_at = ${`${DAY}T12:00:00Z`}::timestamptz`);

    const measured = await measureHealthDay(db, DAY, 500);
    // 100 requests, 2 server errors; 80 answered within 500 ms (60 at ≤ 100 ms, 20 at ≤ 5 ms; 20 at ≤ 750 ms are not).
    expect(measured).toMatchObject({ day: DAY, requests: 100, errorRatePercent: 2, performancePercent: 80, uptimePercent: 66.7, supportVolume: 1 });
    // Measured again against 50 ms, the day's row is replaced, not added to: only the 20 at ≤ 5 ms are within it.
    expect((await measureHealthDay(db, DAY, 50)).performancePercent).toBe(20);

    const res = await suite.admin.get<BusinessHealthDashboard>("/api/business-health/dashboard");
    expect(res.status).toBe(200);
    expect(res.body.current_health).toMatchObject({
      measurement_date: DAY,
      snapshot_date: null,
      operationalHealth: { uptime: 66.7 },
      technicalHealth: { performance: 20, error_rate: 2, security_score: null, technical_debt: null },
    });
    expect(res.body.current_health.measured).toEqual(["user_growth", "support_volume", "uptime", "performance", "error_rate"]);
  });

  it("keeps the entered security score beside the measured figures, which win over the snapshot's", async () => {
    const snapshot = {
      snapshotDate: DAY,
      revenueGrowth: 12,
      profitability: 8,
      runwayMonths: 18,
      monthlyExpenses: "42000.00",
      churnRate: 3,
      uptime: 99.99,
      performance: 97,
      errorRate: 0.1,
      securityScore: 88,
      technicalDebt: "medium",
    };
    expect((await suite.admin.post("/api/business-health/snapshots", snapshot)).status).toBe(201);
    const res = await suite.admin.get<BusinessHealthDashboard>("/api/business-health/dashboard");
    expect(res.body.current_health.technicalHealth).toEqual({ performance: 20, error_rate: 2, security_score: 88, technical_debt: "medium" });
    expect(res.body.current_health.operationalHealth.uptime).toBe(66.7);
  });

  it("runs as a scheduled job that measures yesterday and today", async () => {
    const job = await runJob(suite.rt, measureHealthJob);
    expect(job?.state).toBe("completed");
    const today = new Date().toISOString().slice(0, 10);
    const rows = await suite.rt.ctx.db.execute(sql`SELECT day::text AS day FROM health_measurements ORDER BY day`);
    expect((rows as unknown as { rows: { day: string }[] }).rows.map((row) => row.day)).toContain(today);
  });

  it("purges request counts older than 400 days and keeps the rest", async () => {
    const db = suite.rt.ctx.db;
    await db.execute(sql`INSERT INTO request_metrics (minute, instance_id, requests, server_errors, latency_buckets)
      VALUES (date_trunc('minute', now() - interval '401 days'), 'old', 5, 0, ${histogram([[5, 5]])}::int[])`);
    const job = await runJob(suite.rt, purgeRequestMetricsJob);
    expect(job).toMatchObject({ state: "completed", output: { purged: 1 } });
    const left = await db.execute(sql`SELECT count(*)::int AS n FROM request_metrics WHERE instance_id IN ('old', 'a', 'b')`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });
});
