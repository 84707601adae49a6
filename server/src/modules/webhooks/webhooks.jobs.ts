import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { deliverDueWebhooks } from "./webhooks.delivery";

/** A retry falling due before the next minute's run is booked as a run of its own (the first retry is at 5 s). */
const BOOK_WITHIN_SECONDS = 60;

/**
 * Sends due webhook deliveries. Deliveries live in webhook_deliveries with their next_attempt_at (the retry schedule
 * is data, not queued jobs), so this one job is the only sender: every minute as the backstop, sent (and woken) at once for new
 * deliveries, a test event or a redelivery, and booked with pg-boss's startAfter when a retry falls due sooner than
 * the next minute, so no run sleeps on a worker waiting for it.
 */
export const deliverWebhooksJob = defineJob({
  name: "webhooks.deliver",
  payload: z.object({}),
  handler: async ({ db, config, jobs }) => {
    const outcome = await deliverDueWebhooks({ db, config });
    const wait = outcome.nextDueInSeconds;
    if (wait !== null && wait < BOOK_WITHIN_SECONDS) {
      await jobs.send(deliverWebhooksJob, {}, { startAfter: Math.max(1, Math.ceil(wait)), singletonKey: "webhooks.deliver.next", retryLimit: 0 });
    }
    return outcome;
  },
  // Commit to delivery is what a receiver waits on: the job sent in the dispatch's transaction wakes the workers of
  // every instance when it commits (JobQueue.send), so no short poll is needed.
  schedule: "* * * * *",
});

export const webhookJobs = [deliverWebhooksJob];
