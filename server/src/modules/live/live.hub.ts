import { domainEventNames, domainEventReadPermission, type DomainEventName } from "@contract/events";
import { LIVE_LEAD_IDS_LIMIT, LIVE_REPLAY_LIMIT, type LiveMessage } from "@contract/live";
import { timelineEndpoints } from "@contract/timeline";
import type { Database } from "../../db/client";
import { loggableError } from "../../kernel/http/error-log";
import type { LiveChannel, LiveWake } from "../../kernel/live/live-channel";
import { hasPermission, type Principal } from "../../kernel/principal";
import { latestOutboxId, notificationRecipientsBetween, outboxEventsAfter, outboxEventsBetween, timelineLeadsBetween, type OutboxRow } from "./live.data";

/** One open stream: who reads it, and how a message reaches them (the SSE id goes with domain events). */
export interface LiveConnection {
  principal: Principal;
  send(message: LiveMessage, id?: number): void;
}

const isEventName = (name: string): name is DomainEventName => (domainEventNames as readonly string[]).includes(name);

/** The ids in an event's payload (leadId, taskId, …): the records a screen reads again. */
export function idsOf(payload: unknown): Record<string, number> {
  if (typeof payload !== "object" || payload === null) return {};
  const ids: Record<string, number> = {};
  for (const [key, value] of Object.entries(payload)) if (key.endsWith("Id") && typeof value === "number") ids[key] = value;
  return ids;
}

/** Whether this reader may hear of the event: the permission its name declares (contract/events.ts). */
const mayHear = (principal: Principal, name: DomainEventName) => hasPermission(principal, domainEventReadPermission[name]);

/** A timeline is read with the timeline endpoint's permission, so hearing of its entries needs the same. */
const mayHearActivity = (principal: Principal) => hasPermission(principal, timelineEndpoints.list.permission);

function sendEvents(connection: LiveConnection, rows: readonly OutboxRow[]) {
  for (const row of rows) {
    if (!isEventName(row.name) || !mayHear(connection.principal, row.name)) continue;
    connection.send({ type: "event", data: { name: row.name, ids: idsOf(row.payload) } }, row.id);
  }
}

/** What a reconnecting stream missed since `lastEventId`: replayed, or a resync when more than the replay limit. */
export async function replaySince(db: Database, connection: LiveConnection, lastEventId: number): Promise<void> {
  const rows = await outboxEventsAfter(db, lastEventId, LIVE_REPLAY_LIMIT + 1);
  if (rows.length > LIVE_REPLAY_LIMIT) {
    connection.send({ type: "resync", data: {} }, await latestOutboxId(db));
    return;
  }
  sendEvents(connection, rows);
}

export interface LiveHub {
  add(connection: LiveConnection): () => void;
  stop(): void;
}

/**
 * This instance's open streams, fed by the database's wake-ups: each wake-up's rows are read once, whatever the number
 * of streams, and handed to every stream whose reader may see them, in the order the commits were heard. Nothing but
 * the open connections lives here; the outbox, the timeline and the notifications are read from their tables.
 */
export function createLiveHub(db: Database, live: LiveChannel, onError: (error: unknown) => void): LiveHub {
  const connections = new Set<LiveConnection>();
  let queue: Promise<void> = Promise.resolve();

  async function fanOut(wake: Exclude<LiveWake, { kind: "job" }>) {
    if (wake.kind === "outbox") {
      const rows = await outboxEventsBetween(db, wake.from, wake.to);
      for (const connection of connections) sendEvents(connection, rows);
    } else if (wake.kind === "timeline") {
      const leadIds = await timelineLeadsBetween(db, wake.from, wake.to, LIVE_LEAD_IDS_LIMIT + 1);
      const message: LiveMessage = { type: "leadActivity", data: { leadIds: leadIds.length > LIVE_LEAD_IDS_LIMIT ? null : leadIds } };
      for (const connection of connections) if (mayHearActivity(connection.principal)) connection.send(message);
    } else {
      const recipients = new Set(await notificationRecipientsBetween(db, wake.from, wake.to));
      for (const connection of connections) if (recipients.has(connection.principal.user.email.toLowerCase())) connection.send({ type: "notification", data: {} });
    }
  }

  const stopWaking = live.subscribe((wake) => {
    if (wake.kind === "job" || connections.size === 0) return;
    queue = queue.then(() => fanOut(wake)).catch((error: unknown) => onError(loggableError(error)));
  });
  // Wake-ups sent while this instance's LISTEN connection was down were never heard: every screen reads again.
  const stopResuming = live.onResume(() => {
    for (const connection of connections) connection.send({ type: "resync", data: {} });
  });

  return {
    add(connection) {
      connections.add(connection);
      return () => connections.delete(connection);
    },
    stop() {
      stopWaking();
      stopResuming();
      connections.clear();
    },
  };
}
