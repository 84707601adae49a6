import { z } from "zod";
import { purgeExpiredSessions } from "../modules/auth/session.data";
import type { JobContext } from "./job-context";

interface JobKind<P extends z.ZodType> {
  payload: P;
  handler: (context: JobContext, payload: z.output<P>) => Promise<unknown>;
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
};

export type JobName = keyof typeof jobKinds;
