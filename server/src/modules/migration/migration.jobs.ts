import { z } from "zod";
import { isLastAttempt } from "../../kernel/jobs/job-context";
import { defineJob } from "../../kernel/jobs/job-kind";
import { failMigration, failureReason, runImport } from "./migration.service";

/**
 * Writes a migration's staged chunks, one transaction per batch. A run that fails is retried from the last committed
 * batch; after the last retry the migration is marked failed with the reason.
 */
export const importMigrationJob = defineJob({
  name: "migration.import",
  payload: z.object({ migrationId: z.number().int().positive() }),
  pollingIntervalSeconds: 1,
  handler: async (context, { migrationId }, run) => {
    try {
      await runImport(context, migrationId);
    } catch (error) {
      if (isLastAttempt(run)) await failMigration(context.db, migrationId, failureReason(error));
      throw error;
    }
  },
});

export const migrationJobs = [importMigrationJob];
