import { z } from "zod";
import { defineJob } from "../jobs/job-kind";
import { purgeExpiredThrottles } from "./attempt-throttle.data";

/** Sign-in and rate-limit counters whose window is over. */
export const purgeExpiredThrottlesJob = defineJob({
  name: "throttle.purge-expired",
  payload: z.object({}),
  handler: async ({ db }) => ({ throttles: await purgeExpiredThrottles(db) }),
  schedule: "47 * * * *",
});
