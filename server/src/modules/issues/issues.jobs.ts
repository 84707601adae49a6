import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { proposeRepair } from "./repair/propose-repair.job";

/** Retrieval, then the model when one is configured; sent with the AI retry policy (see issues.service). */
export const proposeRepairJob = defineJob({
  name: "issues.propose-repair",
  payload: z.object({ issueId: z.number().int().positive() }),
  handler: (context, { issueId }, run) => proposeRepair(context, issueId, run),
});

export const issueJobs = [proposeRepairJob];
