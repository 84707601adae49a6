import type { CurrentUser } from "@contract/auth";
import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhookBody,
  type CreatedWebhookEndpoint,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@contract/webhooks";
import type { AppContext } from "../../kernel/app-context";
import { recordAudit } from "../../kernel/audit";
import { badRequest, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { inTransaction } from "../../kernel/transaction";
import type { Database } from "../../db/client";
import { addressPolicyOf, vetEndpointUrl } from "../../kernel/outbound/outbound-address";
import { encryptSecret, newSigningSecret, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { deliverWebhooksJob } from "./webhooks.jobs";
import {
  deleteEndpoint,
  failPendingDeliveries,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  requeueDelivery,
  setEndpointEnabled,
  toWebhookEndpoint,
} from "./webhooks.data";

type Deps = Pick<AppContext, "db" | "config" | "jobs">;

export const webhookEndpointsList = async (db: Database): Promise<WebhookEndpoint[]> => (await listEndpoints(db)).map(toWebhookEndpoint);

/** Stores an endpoint with a new signing secret (encrypted), answered this once. */
export async function createWebhook(deps: Deps, actor: CurrentUser, body: CreateWebhookBody, meta: RequestMeta): Promise<CreatedWebhookEndpoint> {
  if (!(await vetEndpointUrl(body.url, addressPolicyOf(deps.config.webhooks)))) throw badRequest("url", "webhook.private_address");
  const secret = newSigningSecret();
  const key = await webhookEncryptionKey(deps.db, deps.config.webhooks);
  const row = await inTransaction(deps.db, async (tx) => {
    const inserted = await insertEndpoint(tx, { url: body.url, event: body.event, secretEncrypted: encryptSecret(key, secret), createdBy: actor.id });
    await recordAudit(tx, { userEmail: actor.email, action: "webhook.create", message: { code: "webhook.created", params: { url: body.url, event: body.event } }, meta });
    return inserted;
  });
  return { ...toWebhookEndpoint(row), secret };
}

export async function updateWebhook(db: Database, actor: CurrentUser, id: number, body: UpdateWebhookBody, meta: RequestMeta): Promise<WebhookEndpoint> {
  return inTransaction(db, async (tx) => {
    const row = await setEndpointEnabled(tx, id, body.enabled);
    if (!row) throw notFound("webhook.not_found");
    // A disabled endpoint gets no more retries of what it missed.
    if (!body.enabled) await failPendingDeliveries(tx, id);
    await recordAudit(tx, { userEmail: actor.email, action: body.enabled ? "webhook.enable" : "webhook.disable", message: { code: "webhook.named", params: { url: row.url } }, meta });
    return toWebhookEndpoint(row);
  });
}

export async function removeWebhook(db: Database, actor: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await deleteEndpoint(tx, id);
    if (!row) throw notFound("webhook.not_found");
    await recordAudit(tx, { userEmail: actor.email, action: "webhook.delete", message: { code: "webhook.named", params: { url: row.url } }, meta });
  });
}

export async function webhookDeliveries(db: Database, id: number): Promise<WebhookDelivery[]> {
  if (!(await findEndpoint(db, id))) throw notFound("webhook.not_found");
  return listDeliveries(db, id);
}

/** The delivery as the log shows it, after a change that just committed. */
async function deliveryView(db: Database, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
  const [delivery] = await listDeliveries(db, endpointId, [deliveryId]);
  if (!delivery) throw notFound("webhook.delivery_not_found");
  return delivery;
}

/**
 * Queues a `webhook.test` message for the endpoint, even while it is disabled (to check a receiver before enabling
 * it), and starts the delivery job with it. The address rule applies when it is sent, like any delivery.
 */
export async function sendTestEvent(deps: Deps, id: number): Promise<WebhookDelivery> {
  const deliveryId = await inTransaction(deps.db, async (tx) => {
    if (!(await findEndpoint(tx, id))) throw notFound("webhook.not_found");
    const payload = { type: WEBHOOK_TEST_EVENT, timestamp: new Date().toISOString(), data: { endpointId: id, message: "A test event from Leadwell" } };
    const [delivery] = await insertDeliveries(tx, [{ endpointId: id, eventId: null, eventName: WEBHOOK_TEST_EVENT, payload }]);
    await deps.jobs.send(deliverWebhooksJob, {}, { retryLimit: 0 }, tx);
    return delivery!.id;
  });
  return deliveryView(deps.db, id, deliveryId);
}

/** Sends a delivery again now (same webhook-id, same body), with a new round of retries. */
export async function redeliver(deps: Deps, id: number, deliveryId: number): Promise<WebhookDelivery> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await findEndpoint(tx, id))) throw notFound("webhook.not_found");
    if (!(await findDelivery(tx, id, deliveryId))) throw notFound("webhook.delivery_not_found");
    await requeueDelivery(tx, deliveryId);
    await deps.jobs.send(deliverWebhooksJob, {}, { retryLimit: 0 }, tx);
  });
  return deliveryView(deps.db, id, deliveryId);
}
