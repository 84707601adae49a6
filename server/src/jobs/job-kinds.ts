import { z } from "zod";
import { purgeExpiredAffiliateTokens } from "../modules/affiliates/affiliate-tokens";
import { purgeExpiredThrottles } from "../http/attempt-throttle.data";
import { purgeExpiredSessions } from "../modules/auth/session.data";
import { proposeRepair } from "../modules/issues/repair/propose-repair.job";
import type { JobContext, JobRun } from "./job-context";

interface JobKind<P extends z.ZodType> {
  payload: P;
  handler: (context: JobContext, payload: z.output<P>, run: JobRun) => Promise<unknown>;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
}

const defineJob = <P extends z.ZodType>(kind: JobKind<P>) => kind;

/** Every background job the app runs, declared once: its payload schema, its handler and its schedule. */
export const jobKinds = {
  "sessions.purge-expired": defineJob({
    payload: z.object({}),
    handler: async ({ db }) => ({ purged: await purgeExpiredSessions(db) }),
    schedule: "17 * * * *",
  }),
  /** Sign-in and rate-limit counters whose window is over, and partner tokens past their expiry. */
  "throttle.purge-expired": defineJob({
    payload: z.object({}),
    handler: async ({ db }) => ({ throttles: await purgeExpiredThrottles(db), affiliateTokens: await purgeExpiredAffiliateTokens(db) }),
    schedule: "47 * * * *",
  }),
  /** Retrieval, then the model when one is configured; sent with the AI retry policy (see issues.service). */
  "issues.propose-repair": defineJob({
    payload: z.object({ issueId: z.number().int().positive() }),
    handler: (context, { issueId }, run) => proposeRepair(context, issueId, run),
  }),
};

export type JobName = keyof typeof jobKinds;
