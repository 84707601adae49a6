import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { LATENCY_BUCKETS_MS } from "../../db/queries/service-level";
import type { ZodApp } from "./zod-app";

interface MinuteCounts {
  requests: number;
  serverErrors: number;
  /** One count per LATENCY_BUCKETS_MS bound, then one for slower than all. */
  buckets: number[];
}

const emptyCounts = (): MinuteCounts => ({ requests: 0, serverErrors: 0, buckets: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0) });

/** The bucket a latency falls in: the first bound it does not exceed, or the last (overflow) bucket. */
export function latencyBucket(latencyMs: number): number {
  const index = LATENCY_BUCKETS_MS.findIndex((bound) => latencyMs <= bound);
  return index === -1 ? LATENCY_BUCKETS_MS.length : index;
}

const minuteOf = (time: number) => Math.floor(time / 60_000) * 60_000;

/**
 * Measures this instance's API traffic for the service level: per minute, the request count, the server errors (5xx)
 * and a latency histogram over fixed buckets. It holds at most the current and the previous minute in memory:
 * `flush` (every 30 s, and at shutdown) adds them to request_metrics under this instance's id, summing with what
 * is already there, so every instance's rows add up by minute. Every flush also writes a row for the current minute,
 * even with no traffic: that row is the instance's heartbeat, and a minute without any row is a minute no instance
 * was up (the uptime figure counts them).
 */
export class ServiceLevelMeter {
  readonly instanceId = `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString("hex")}`;
  private minutes = new Map<number, MinuteCounts>();

  record(latencyMs: number, statusCode: number, at = Date.now()): void {
    const minute = minuteOf(at);
    let counts = this.minutes.get(minute);
    if (!counts) {
      counts = emptyCounts();
      this.minutes.set(minute, counts);
    }
    counts.requests += 1;
    if (statusCode >= 500) counts.serverErrors += 1;
    counts.buckets[latencyBucket(latencyMs)]! += 1;
  }

  /** Adds what was measured since the last flush to the database and forgets it; answers how many requests it wrote. */
  async flush(db: Database, now = Date.now()): Promise<number> {
    const taken = this.minutes;
    this.minutes = new Map();
    if (!taken.has(minuteOf(now))) taken.set(minuteOf(now), emptyCounts());
    let written = 0;
    try {
      for (const [minute, counts] of taken) {
        await rawRows(db, sql`
          INSERT INTO request_metrics (minute, instance_id, requests, server_errors, latency_buckets)
          VALUES (${new Date(minute).toISOString()}::timestamptz, ${this.instanceId}, ${counts.requests}, ${counts.serverErrors},
                  ${`{${counts.buckets.join(",")}}`}::int[])
          ON CONFLICT (minute, instance_id) DO UPDATE SET
            requests = request_metrics.requests + excluded.requests,
            server_errors = request_metrics.server_errors + excluded.server_errors,
            latency_buckets = ARRAY(
              SELECT coalesce(a, 0) + coalesce(b, 0)
                FROM unnest(request_metrics.latency_buckets, excluded.latency_buckets) WITH ORDINALITY AS t(a, b, i)
               ORDER BY i)`);
        taken.delete(minute);
        written += counts.requests;
      }
    } catch (error) {
      // Keep what was not written for the next flush rather than lose it (the database may be briefly unreachable).
      for (const [minute, counts] of taken) {
        const current = this.minutes.get(minute) ?? emptyCounts();
        current.requests += counts.requests;
        current.serverErrors += counts.serverErrors;
        counts.buckets.forEach((n, i) => (current.buckets[i]! += n));
        this.minutes.set(minute, current);
      }
      throw error;
    }
    return written;
  }
}

/**
 * Every answer of a declared API endpoint is measured (its status and how long the server took, as Fastify timed it),
 * decided by the route that matched, however the path was spelled. Pages, assets and paths that match no route are
 * not the API's service.
 */
export function registerServiceLevelMeter(app: ZodApp, meter: ServiceLevelMeter) {
  app.addHook("onResponse", async (request, reply) => {
    if (!request.routeOptions.config?.endpoint) return;
    meter.record(reply.elapsedTime, reply.statusCode);
  });
}

export const SERVICE_LEVEL_FLUSH_MS = 30_000;

/** Flushes the meter on a timer; stop() flushes one last time. */
export function startServiceLevelFlush(db: Database, meter: ServiceLevelMeter, onError: (error: unknown) => void, intervalMs = SERVICE_LEVEL_FLUSH_MS) {
  const flush = () => meter.flush(db).catch(onError);
  void flush();
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
