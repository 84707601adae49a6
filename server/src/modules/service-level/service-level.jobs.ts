import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { purgeOldRequestMetrics } from "./service-level.data";

/** How long each minute's request counts are kept: a year's service level, and a month to compare it with. */
export const REQUEST_METRICS_KEEP_DAYS = 400;

/** Every instance adds a row a minute; without a purge the table grows by half a million rows a year per instance. */
export const purgeRequestMetricsJob = defineJob({
  name: "service-level.purge-metrics",
  payload: z.object({}),
  handler: async ({ db }) => ({ purged: await purgeOldRequestMetrics(db, REQUEST_METRICS_KEEP_DAYS) }),
  schedule: "41 2 * * *",
});

export const serviceLevelJobs = [purgeRequestMetricsJob];
