import type { z } from "zod";
import type { JobKind } from "./job-context";

export type { JobKind, JobPayload } from "./job-context";

/** Declares a job kind; an area exports its kinds and runtime.ts hands them all to the queue. */
export const defineJob = <P extends z.ZodType>(kind: JobKind<P>) => kind;
