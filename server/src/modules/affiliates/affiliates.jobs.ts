import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { purgeExpiredAffiliateTokens } from "./affiliate-tokens";

/** Partner tokens past their expiry admit no one; they are deleted hourly. */
export const purgeExpiredAffiliateTokensJob = defineJob({
  name: "affiliates.purge-expired-tokens",
  payload: z.object({}),
  handler: async ({ db }) => ({ affiliateTokens: await purgeExpiredAffiliateTokens(db) }),
  schedule: "47 * * * *",
});

export const affiliateJobs = [purgeExpiredAffiliateTokensJob];
