import { defineJob } from "../../kernel/jobs/job-kind";
import { CALL_JOB_OPTIONS, makeWebhookCall, webhookCallSchema } from "./automations.webhook-call";

/**
 * Makes one attempt at a call_webhook run. The runner queues the first in the run's transaction (no HTTP request is
 * made inside it); each refused attempt books the next one with startAfter, so no worker sleeps through a delay.
 */
export const callWebhookJob = defineJob({
  name: "automations.call-webhook",
  payload: webhookCallSchema,
  handler: (context, call): Promise<{ outcome: string }> =>
    makeWebhookCall(context, call, (tx, next, delaySeconds): Promise<unknown> => context.jobs.send(callWebhookJob, next, { ...CALL_JOB_OPTIONS, startAfter: delaySeconds }, tx)),
  // A receiver waits on these, as on webhook deliveries: a call queued for now wakes the workers when its run commits
  // (JobQueue.send), and as many calls go out at once as the deliveries' batch (webhooks.delivery.ts). One job per
  // run, so a burst of leads is a burst of jobs: without concurrency an instance made one call per polling interval.
  concurrency: 10,
});

export const automationJobs = [callWebhookJob];
