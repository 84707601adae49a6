import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { readStoredMessage, webhookDisableReasons } from "@contract/server-messages";
import { webhookDeliveryStatuses, type WebhookDelivery, type WebhookEndpoint } from "@contract/webhooks";
import type { Database } from "../../db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The stored reason (a code written by encodeServerMessage, or English text stored before codes) as the API gives it. */
export function disabledReasonOf(stored: string | null): Pick<WebhookEndpoint, "disabledReason" | "disabledReasonCode"> {
  if (stored === null) return { disabledReason: null, disabledReasonCode: null };
  const { text, coded } = readStoredMessage(webhookDisableReasons, stored);
  return { disabledReason: text, disabledReasonCode: coded };
}
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const toWebhookEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  event: row.event,
  enabled: row.enabled,
  ...disabledReasonOf(row.disabledReason),
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The webhook-id header of a delivery: stable across its attempts and redeliveries, unique across databases' ids. */
export const messageIdOf = (row: Pick<DeliveryRow, "id" | "createdAt">) => `msg_${row.id}_${row.createdAt.getTime().toString(36)}`;

const statusOf = (value: string) => webhookDeliveryStatuses.find((status) => status === value) ?? "failed";

export async function insertEndpoint(db: Database, values: { url: string; event: string; secretEncrypted: string; createdBy: number }): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export const listEndpoints = (db: Database) => db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));

export async function findEndpoint(db: Database, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** A person's switch: enabling clears the server's reason and the failure run, so three more days are allowed. */
export async function setEndpointEnabled(db: Database, id: number, enabled: boolean): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(enabled ? { enabled, disabledReason: null, failingSince: null } : { enabled })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function disableEndpoint(db: Database, id: number, reason: string): Promise<void> {
  await db.update(webhookEndpoints).set({ enabled: false, disabledReason: reason }).where(eq(webhookEndpoints.id, id));
}

export async function deleteEndpoint(db: Database, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

/** Enabled endpoints that want this event (by name or "*"). */
export const endpointsFor = (db: Database, eventName: string) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), or(eq(webhookEndpoints.event, eventName), eq(webhookEndpoints.event, "*"))));

/** Every enabled endpoint with the event it wants (a name or "*"): read once for a dispatched batch. */
export const enabledEndpoints = (db: Database) =>
  db.select({ id: webhookEndpoints.id, event: webhookEndpoints.event }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));

/** The events some enabled endpoint wants ("*" among them when one wants every event). */
export async function wantedEventNames(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ event: webhookEndpoints.event }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));
  return rows.map((row) => row.event);
}

export async function insertDeliveries(
  db: Database,
  rows: { endpointId: number; eventId: number | null; eventName: string; payload: unknown }[],
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, status: "pending", nextAttemptAt: sql`now()` })))
    .returning();
}

/** A delivery's pending retries end: the endpoint was disabled. */
export async function failPendingDeliveries(db: Database, endpointId: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
}

export async function findDelivery(db: Database, endpointId: number, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/** Starts a new round for a delivery: due now, retries counted from zero, the same message id. */
export async function requeueDelivery(db: Database, deliveryId: number): Promise<void> {
  await db.update(webhookDeliveries).set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` }).where(eq(webhookDeliveries.id, deliveryId));
}

const DELIVERY_LOG_LIMIT = 50;

/** The endpoint's latest deliveries, newest first, each with its attempts oldest first. */
export async function listDeliveries(db: Database, endpointId: number, deliveryIds?: number[]): Promise<WebhookDelivery[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), deliveryIds ? inArray(webhookDeliveries.id, deliveryIds) : undefined))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  const ids = deliveries.map((delivery) => delivery.id);
  const attempts =
    ids.length === 0 ? [] : await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(asc(webhookAttempts.id));
  return deliveries.map((delivery) => ({
    id: delivery.id,
    messageId: messageIdOf(delivery),
    eventName: delivery.eventName,
    status: statusOf(delivery.status),
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        id: attempt.id,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        responseSnippet: attempt.responseSnippet,
        error: attempt.error,
        at: attempt.at.toISOString(),
      })),
  }));
}

export interface ClaimedDelivery {
  id: number;
  createdAt: Date;
  endpointId: number;
  payload: unknown;
  attempts: number;
  url: string;
  secretEncrypted: string;
}

/**
 * Takes up to `limit` due deliveries for this worker: locked with SKIP LOCKED and pushed `leaseSeconds` into the
 * future before the transaction ends, so another worker (or the next run) leaves them alone while they are sent, and
 * picks them up again if this process dies mid-send.
 */
export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: webhookDeliveries.id,
        createdAt: webhookDeliveries.createdAt,
        endpointId: webhookDeliveries.endpointId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        url: webhookEndpoints.url,
        secretEncrypted: webhookEndpoints.secretEncrypted,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, sql`now()`)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((delivery) => delivery.id),
          ),
        );
    }
    return due;
  });
}

/** Seconds until the soonest pending delivery is due (0 if one is due now); null when none waits. */
export async function secondsUntilNextDue(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ seconds: sql<string | null>`extract(epoch from min(${webhookDeliveries.nextAttemptAt}) - now())` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"));
  return row?.seconds == null ? null : Math.max(0, Number(row.seconds));
}

export async function insertAttempt(
  db: Database,
  values: { deliveryId: number; statusCode: number | null; durationMs: number; responseSnippet: string | null; error: string | null },
): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

export async function settleDelivery(db: Database, deliveryId: number, outcome: { status: "delivered" | "failed" } | { status: "pending"; retryInSeconds: number }): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: outcome.status === "pending" ? sql`now() + make_interval(secs => ${outcome.retryInSeconds})` : null,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/**
 * Records several deliveries that arrived, in a few statements: their attempts, their status, and their endpoints'
 * health (written only where it changes). Deliveries deleted meanwhile with their endpoint are skipped. The rows are
 * locked in id order, as a delivery's own outcome locks it, so concurrent runs and deletions cannot deadlock.
 */
export async function settleDelivered(
  db: Database,
  arrived: readonly { deliveryId: number; endpointId: number; statusCode: number; durationMs: number; responseSnippet: string | null }[],
): Promise<void> {
  if (arrived.length === 0) return;
  const locked = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, arrived.map((delivery) => delivery.deliveryId)))
    .orderBy(asc(webhookDeliveries.id))
    .for("update");
  const present = new Set(locked.map((row) => row.id));
  const settled = arrived.filter((delivery) => present.has(delivery.deliveryId));
  if (settled.length === 0) return;
  await db.insert(webhookAttempts).values(settled.map(({ deliveryId, statusCode, durationMs, responseSnippet }) => ({ deliveryId, statusCode, durationMs, responseSnippet, error: null })));
  await db
    .update(webhookDeliveries)
    .set({ status: "delivered", attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: null })
    .where(inArray(webhookDeliveries.id, [...present]));
  const endpointIds = [...new Set(settled.map((delivery) => delivery.endpointId))];
  await db.update(webhookEndpoints).set({ failingSince: null }).where(and(inArray(webhookEndpoints.id, endpointIds), isNotNull(webhookEndpoints.failingSince)));
}

/**
 * Locks the endpoint's row before its delivery's outcome is written, so the outcome and a deletion of the endpoint
 * (which locks the endpoint, then its deliveries) take their locks in the same order and cannot deadlock. False when
 * the endpoint is gone.
 */
export async function lockEndpoint(db: Database, endpointId: number): Promise<boolean> {
  const rows = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for("no key update");
  return rows.length > 0;
}

/** Records a failure on the endpoint and answers whether it has now been failing for longer than `days`. */
export async function markEndpointFailing(db: Database, endpointId: number, days: number): Promise<{ failingTooLong: boolean; enabled: boolean }> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      failingTooLong: sql<boolean>`${webhookEndpoints.failingSince} < now() - make_interval(days => ${days})`,
      enabled: webhookEndpoints.enabled,
    });
  return { failingTooLong: Boolean(row?.failingTooLong), enabled: row?.enabled ?? false };
}
