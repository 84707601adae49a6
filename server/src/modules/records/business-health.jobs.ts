import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { measureHealthDay } from "./health-measurements.data";

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Records what Leadwell measures of its own health, one row per UTC day. It runs every hour so today's figures stay
 * current, and measures yesterday again so the finished day's row holds the whole day (an instance flushes its last
 * minutes up to 30 s after midnight).
 */
export const measureHealthJob = defineJob({
  name: "business-health.measure",
  payload: z.object({}),
  handler: async ({ db, config }) => {
    const now = Date.now();
    const days = [utcDay(now - 86_400_000), utcDay(now)];
    for (const day of days) await measureHealthDay(db, day, config.serviceLevelTargets.p95LatencyMs);
    return { measured: days };
  },
  schedule: "7 * * * *",
});

export const recordJobs = [measureHealthJob];
