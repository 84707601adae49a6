import type { z } from "zod";
import type { JobContext, JobRun } from "./job-context";

/** One kind of background job: its name, the schema of its payload, its handler and, if any, its schedule. */
export interface JobKind<P extends z.ZodType = z.ZodType> {
  /** Stable: stored with every queued job. "<area>.<what it does>". */
  name: string;
  payload: P;
  handler: (context: JobContext, payload: z.output<P>, run: JobRun) => Promise<unknown>;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
}

/** Declares a job kind; an area exports its kinds and runtime.ts hands them all to the queue. */
export const defineJob = <P extends z.ZodType>(kind: JobKind<P>) => kind;

export type JobPayload<K extends JobKind> = z.input<K["payload"]>;
