import { encodeServerMessage, type WebhookDisableReason } from "@contract/server-messages";
import { WEBHOOK_SNIPPET_MAX } from "@contract/webhooks";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { loggableError } from "../../kernel/http/error-log";
import { notifyAdmins } from "../../kernel/notify";
import { inTransaction } from "../../kernel/transaction";
import { addressPolicyOf, sendWebhookRequest, type WebhookResponse } from "../../kernel/outbound/outbound-address";
import { decryptSecret, signedHeaders, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import {
  claimDueDeliveries,
  disableEndpoint,
  failPendingDeliveries,
  insertAttempt,
  lockEndpoint,
  markEndpointFailing,
  messageIdOf,
  secondsUntilNextDue,
  settleDelivered,
  settleDelivery,
  type ClaimedDelivery,
} from "./webhooks.data";

/** Standard Webhooks: a receiver has this long to answer (redirects included). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint failing for this long is disabled and administrators are told. */
export const FAILING_DAYS_BEFORE_DISABLE = 3;
/** Deliveries sent side by side in one round (and those that arrived recorded together). */
const BATCH_SIZE = 20;
/** Longer than a send can take (timeout shared by the redirects), so a claimed delivery is not sent twice. */
const LEASE_SECONDS = 60;

const messageOf = (error: unknown) => loggableError(error).message.slice(0, 1000);

async function disableAndTell(db: Database, delivery: ClaimedDelivery, reason: WebhookDisableReason): Promise<void> {
  await disableEndpoint(db, delivery.endpointId, encodeServerMessage(reason));
  await failPendingDeliveries(db, delivery.endpointId);
  const url = delivery.url;
  await notifyAdmins(db, {
    type: "webhook",
    ...(reason.code === "webhook.gone"
      ? { code: "webhook.disabled_gone", params: { url } }
      : { code: "webhook.disabled_failing", params: { url, days: reason.params.days } }),
    link: "/settings",
  });
}

interface Arrived {
  deliveryId: number;
  endpointId: number;
  statusCode: number;
  durationMs: number;
  responseSnippet: string | null;
}

/**
 * One attempt at one claimed delivery, sent outside any transaction. A delivery that arrived is answered for the
 * batch to record with the others (settleDelivered); any other outcome is recorded here, in a transaction of its own.
 */
async function attemptDelivery(db: Database, config: AppConfig, key: Buffer, delivery: ClaimedDelivery): Promise<Arrived | undefined> {
  const body = JSON.stringify(delivery.payload);
  const started = performance.now();
  let answer: WebhookResponse | undefined;
  let error: string | null = null;
  try {
    const headers = signedHeaders(decryptSecret(key, delivery.secretEncrypted), messageIdOf(delivery), body);
    answer = await sendWebhookRequest(delivery.url, body, headers, { policy: addressPolicyOf(config.webhooks), timeoutMs: WEBHOOK_TIMEOUT_MS, snippetLength: WEBHOOK_SNIPPET_MAX });
  } catch (failure) {
    error = messageOf(failure);
  }
  const durationMs = Math.round(performance.now() - started);
  const status = answer?.statusCode ?? 0;
  const delivered = status >= 200 && status < 300;
  if (delivered) return { deliveryId: delivery.id, endpointId: delivery.endpointId, statusCode: status, durationMs, responseSnippet: answer?.snippet ?? null };
  await inTransaction(db, async (tx) => {
    // Deleting an endpoint locks its row, then its deliveries'. A failure writes the endpoint (failing since, disabled),
    // so it takes the same order; successes (the common case) lock only their deliveries (settleDelivered) and leave
    // the endpoint's row alone unless it was failing, so concurrent deliveries to one endpoint do not queue on it.
    // Either finds nothing when the endpoint was deleted while the request was out.
    if (!(await lockEndpoint(tx, delivery.endpointId))) return;
    await insertAttempt(tx, { deliveryId: delivery.id, statusCode: answer?.statusCode ?? null, durationMs, responseSnippet: answer?.snippet ?? null, error });
    if (status === 410) {
      // Standard Webhooks: 410 Gone means the receiver wants no more.
      await settleDelivery(tx, delivery.id, { status: "failed" });
      await disableAndTell(tx, delivery, { code: "webhook.gone", params: {} });
      return;
    }
    const retryInSeconds = config.webhooks.retryDelaysSeconds[delivery.attempts];
    await settleDelivery(tx, delivery.id, retryInSeconds === undefined ? { status: "failed" } : { status: "pending", retryInSeconds });
    const health = await markEndpointFailing(tx, delivery.endpointId, FAILING_DAYS_BEFORE_DISABLE);
    if (health.failingTooLong && health.enabled) await disableAndTell(tx, delivery, { code: "webhook.failing", params: { days: FAILING_DAYS_BEFORE_DISABLE } });
  });
}

/**
 * Sends every delivery due now, batch by batch (several runs may overlap: claims skip each other's rows), and says in how many seconds the next pending one falls due (null:
 * none), so the job can book its next run rather than hold a worker while it waits.
 */
export async function deliverDueWebhooks(context: { db: Database; config: AppConfig }): Promise<{ attempted: number; nextDueInSeconds: number | null }> {
  const { db, config } = context;
  const key = await webhookEncryptionKey(db, config.webhooks);
  let attempted = 0;
  for (;;) {
    const claimed = await claimDueDeliveries(db, BATCH_SIZE, LEASE_SECONDS);
    const arrived = (await Promise.all(claimed.map((delivery) => attemptDelivery(db, config, key, delivery)))).filter((outcome) => outcome !== undefined);
    // Those that arrived are recorded together: a few statements for the batch instead of five for each.
    await inTransaction(db, (tx) => settleDelivered(tx, arrived));
    attempted += claimed.length;
    if (claimed.length < BATCH_SIZE) return { attempted, nextDueInSeconds: await secondsUntilNextDue(db) };
  }
}
