import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { purgeExpiredSessions } from "./session.data";

export const purgeExpiredSessionsJob = defineJob({
  name: "sessions.purge-expired",
  payload: z.object({}),
  handler: async ({ db }) => ({ purged: await purgeExpiredSessions(db) }),
  schedule: "17 * * * *",
});

export const authJobs = [purgeExpiredSessionsJob];
