import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { deliverDueWebhooks } from "./webhooks.delivery";

/**
 * Sends due webhook deliveries. Deliveries live in webhook_deliveries with their next_attempt_at (the retry schedule
 * is data, not queued jobs), so this one job is the only sender: every minute as the backstop, and sent at once when
 * someone sends a test event or a redelivery.
 */
export const deliverWebhooksJob = defineJob({
  name: "webhooks.deliver",
  payload: z.object({}),
  handler: ({ db, config }) => deliverDueWebhooks({ db, config }),
  schedule: "* * * * *",
});

export const webhookJobs = [deliverWebhooksJob];
