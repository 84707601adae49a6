import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { purgeExpiredSessions } from "./session.data";
import { purgeSpentLinks } from "./team.data";

export const purgeExpiredSessionsJob = defineJob({
  name: "sessions.purge-expired",
  payload: z.object({}),
  handler: async ({ db }) => ({ purged: await purgeExpiredSessions(db) }),
  schedule: "17 * * * *",
});

/** Invitation and password-reset links a week past their expiry: nothing can use them, and the audit log keeps the story. */
export const purgeSpentLinksJob = defineJob({
  name: "team.purge-spent-links",
  payload: z.object({}),
  handler: async ({ db }) => ({ purged: await purgeSpentLinks(db) }),
  schedule: "23 3 * * *",
});

export const authJobs = [purgeExpiredSessionsJob, purgeSpentLinksJob];
