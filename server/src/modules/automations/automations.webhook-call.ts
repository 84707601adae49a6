import { z } from "zod";
import { callWebhookConfigSchema } from "@contract/automations";
import { decodeServerMessage, encodeServerMessage } from "@contract/server-messages";
import type { Database } from "../../db/client";
import { loggableError } from "../../kernel/http/error-log";
import type { JobContext } from "../../kernel/jobs/job-context";
import { notify } from "../../kernel/notify";
import { addressPolicyOf, sendWebhookRequest } from "../../kernel/outbound/outbound-address";
import { decryptSecret, signedHeaders, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { inTransaction } from "../../kernel/transaction";
import { pendingWebhookRun, settleRun, userEmailById } from "./automations.data";

/** Standard Webhooks: a receiver has this long to answer (redirects included). */
export const CALL_TIMEOUT_MS = 15_000;
/** How much of a refusing receiver's answer the run log keeps with the status. */
const ANSWER_IN_ERROR = 200;
const ERROR_TEXT_LIMIT = 1000;

/** One attempt at one run's call; the body is fixed when the run starts, so every attempt posts (and signs) the same bytes. */
export const webhookCallSchema = z.object({
  runId: z.number().int().positive(),
  attempt: z.number().int().positive(),
  body: z.string(),
});
export type WebhookCall = z.infer<typeof webhookCallSchema>;

/**
 * How the job is queued. Each attempt is a job of its own and a refused call is booked again with startAfter (see
 * makeWebhookCall), so pg-boss's own retries only cover a run that crashed before it recorded its outcome.
 */
export const CALL_JOB_OPTIONS = { retryLimit: 2, retryBackoff: true } as const;

/** The webhook-id of every attempt at one run: a receiver drops a repeat by it. */
export const callMessageId = (runId: number) => `auto_${runId}`;

/** Queues the next attempt in the transaction that records this one. */
export type BookRetry = (tx: Database, next: WebhookCall, delaySeconds: number) => Promise<unknown>;

/**
 * One attempt at a call_webhook run, made outside any transaction and recorded in one: a 2xx settles the run; anything
 * else is booked again after the webhooks' retry delay (WebhookConfig.retryDelaysSeconds), and after the last attempt
 * the run is marked failed and the workflow's creator told.
 */
export async function makeWebhookCall(context: Pick<JobContext, "db" | "config">, call: WebhookCall, bookRetry: BookRetry): Promise<{ outcome: string }> {
  const { db, config } = context;
  const run = await pendingWebhookRun(db, call.runId);
  // Settled already, deleted with its workflow, or this attempt already recorded (a job run twice): nothing to do.
  if (!run || run.attempts >= call.attempt) return { outcome: "skipped" };
  const target = run.action === "call_webhook" ? callWebhookConfigSchema.safeParse(run.config) : undefined;
  if (!target?.success || run.signingSecretEncrypted === null) {
    await settleRun(db, run.runId, { outcome: "failed", error: encodeServerMessage({ code: "automation.no_longer_calls_webhook", params: {} }), attempts: run.attempts, durationMs: 0 });
    return { outcome: "failed" };
  }
  if (!run.enabled) {
    // Switching a workflow off also stops the retries of a receiver that keeps refusing.
    await settleRun(db, run.runId, { outcome: "failed", error: encodeServerMessage({ code: "automation.disabled_before_call", params: {} }), attempts: run.attempts, durationMs: 0 });
    return { outcome: "failed" };
  }

  const key = await webhookEncryptionKey(db, config.webhooks);
  const started = performance.now();
  let error: string | null = null;
  try {
    const headers = signedHeaders(decryptSecret(key, run.signingSecretEncrypted), callMessageId(run.runId), call.body);
    const answer = await sendWebhookRequest(target.data.url, call.body, headers, { policy: addressPolicyOf(config.webhooks), timeoutMs: CALL_TIMEOUT_MS, snippetLength: ANSWER_IN_ERROR });
    if (answer.statusCode < 200 || answer.statusCode >= 300) {
      const said = answer.snippet.trim();
      error = encodeServerMessage(
        said
          ? { code: "automation.receiver_answered_saying", params: { status: answer.statusCode, answer: said } }
          : { code: "automation.receiver_answered", params: { status: answer.statusCode } },
      );
    }
  } catch (failure) {
    error = loggableError(failure).message;
  }
  const durationMs = Math.round(performance.now() - started);
  if (error === null) {
    await settleRun(db, run.runId, { outcome: "success", error: null, attempts: call.attempt, durationMs });
    return { outcome: "success" };
  }
  // A coded error is short (the receiver's answer is cut at ANSWER_IN_ERROR); only a plain text may need cutting.
  const lastError = error.length > ERROR_TEXT_LIMIT && !decodeServerMessage(error) ? error.slice(0, ERROR_TEXT_LIMIT) : error;
  const retryInSeconds = config.webhooks.retryDelaysSeconds[call.attempt - 1];
  return inTransaction(db, async (tx) => {
    if (retryInSeconds !== undefined) {
      await settleRun(tx, run.runId, { outcome: "pending", error: lastError, attempts: call.attempt, durationMs });
      await bookRetry(tx, { ...call, attempt: call.attempt + 1 }, retryInSeconds);
      return { outcome: "retrying" };
    }
    await settleRun(tx, run.runId, { outcome: "failed", error: lastError, attempts: call.attempt, durationMs });
    const owner = run.createdBy === null ? undefined : await userEmailById(tx, run.createdBy);
    if (owner) await notify(tx, [owner], { type: "automation", code: "automation.failed", params: { automation: run.name, error: lastError }, link: "/automation" });
    return { outcome: "failed" };
  });
}
