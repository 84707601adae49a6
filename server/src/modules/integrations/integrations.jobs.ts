import { z } from "zod";
import { encodeServerMessage } from "@contract/server-messages";
import type { WebhookConfig } from "../../config";
import { isLastAttempt } from "../../kernel/jobs/job-context";
import { defineJob } from "../../kernel/jobs/job-kind";
import { webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { findIntegration, recordIntegrationError, recordIntegrationSuccess } from "./integrations.data";
import { postToSlack } from "./integrations.outbound";
import { readSecret } from "./integrations.service";

/**
 * Retries of a Slack post that got no answer (or a 5xx, a 429): three, the first after the first webhook retry delay
 * (5 s), then doubling (pg-boss backoff). A channel message is worth little hours late, so fewer than a webhook gets.
 */
export const slackPostRetry = (config: Pick<WebhookConfig, "retryDelaysSeconds">) =>
  ({ retryLimit: 3, retryDelay: config.retryDelaysSeconds[0] ?? 5, retryBackoff: true }) as const;

/**
 * Posts one event's line to the Slack channel, with the settings as they are when it runs (disabled or forgotten
 * since: nothing is sent). Every outcome is recorded on the card; a failure worth retrying is thrown so pg-boss
 * tries again, up to the last attempt.
 */
export const postSlackEventJob = defineJob({
  name: "integrations.slack-post",
  payload: z.object({ eventName: z.string(), text: z.string() }),
  handler: async ({ db, config }, payload, run) => {
    const row = await findIntegration(db, "slack");
    if (!row || !row.enabled) return { status: "skipped" };
    const webhookUrl = readSecret(await webhookEncryptionKey(db, config.webhooks), row.secretEncrypted);
    if (webhookUrl === null) {
      await recordIntegrationError(db, "slack", { code: "integration.webhook_url_unreadable", params: {} });
      return { status: "failed" };
    }
    const outcome = await postToSlack(config, webhookUrl, payload.text);
    if (outcome.ok) {
      await recordIntegrationSuccess(db, "slack");
      return { status: "sent" };
    }
    await recordIntegrationError(db, "slack", { code: "integration.slack_event_failed", params: { event: payload.eventName, outcome: encodeServerMessage(outcome.line) } });
    if (outcome.retryable && !isLastAttempt(run)) throw new Error(outcome.message);
    return { status: "failed", message: outcome.message };
  },
});

export const integrationJobs = [postSlackEventJob];
