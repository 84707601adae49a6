import { domainEventNames, domainEventReadPermission, type DomainEventName } from "@contract/events";
import { LIVE_LEAD_IDS_LIMIT, LIVE_REPLAY_LIMIT, type LiveMessage } from "@contract/live";
import { timelineEndpoints } from "@contract/timeline";
import type { Database } from "../../db/client";
import { loggableError } from "../../kernel/http/error-log";
import type { LiveChannel, LiveWake } from "../../kernel/live/live-channel";
import { leadAssigneeInScope, type LeadScope } from "../../kernel/lead-scope";
import { hasPermission, type Principal } from "../../kernel/principal";
import {
  eventLeads,
  latestOutboxId,
  notificationRecipientsBetween,
  outboxEventsAfter,
  outboxEventsBetween,
  timelineLeadsBetween,
  type EventLead,
  type OutboxRow,
} from "./live.data";

/** One open stream: who reads it, and how a message reaches them (the SSE id goes with domain events). */
export interface LiveConnection {
  principal: Principal;
  /**
   * The reader's lead scope, as it was when the stream opened (kernel/lead-scope.ts): a stream ends after a few
   * minutes, and its reconnection takes the setting and the role as they are then.
   */
  scope: LeadScope;
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

/** The record whose lead decides who hears of an event: its lead, else its task's or its issue's, else none. */
function recordOf(ids: Record<string, number>): string | null {
  if (ids.leadId !== undefined) return `lead:${ids.leadId}`;
  if (ids.taskId !== undefined) return `task:${ids.taskId}`;
  if (ids.issueId !== undefined) return `issue:${ids.issueId}`;
  return null;
}

/** The records a batch of events names, to read their leads' assignees in one statement. */
function recordsOf(rows: readonly { ids: Record<string, number> }[]) {
  const leadIds = new Set<number>();
  const taskIds = new Set<number>();
  const issueIds = new Set<number>();
  for (const { ids } of rows) {
    if (ids.leadId !== undefined) leadIds.add(ids.leadId);
    else if (ids.taskId !== undefined) taskIds.add(ids.taskId);
    else if (ids.issueId !== undefined) issueIds.add(ids.issueId);
  }
  return { leadIds: [...leadIds], taskIds: [...taskIds], issueIds: [...issueIds] };
}

/**
 * Whether a reader with this lead scope may hear of a record (issue 26.5): one tied to no lead, yes; one of a lead,
 * when that lead is within the scope now; a lead no longer there (deleted, merged away) has no assignee to decide by,
 * so only a reader of every lead hears of it.
 */
function mayHearOfLead(scope: LeadScope, lead: EventLead | undefined, leadRecord: boolean): boolean {
  if (scope.kind === "all") return true;
  if (lead === undefined) return !leadRecord;
  if (lead.kind === "lead") return leadAssigneeInScope(lead.assigneeId, scope);
  return lead.kind === "none";
}

const anyRestricted = (connections: Iterable<LiveConnection>) => {
  for (const connection of connections) if (connection.scope.kind !== "all") return true;
  return false;
};

/** Reads the leads a batch of events is about, when some reader is limited to their own leads (else none is read). */
async function eventsWithLeads(db: Database, rows: readonly OutboxRow[], restricted: boolean) {
  const events = rows.map((row) => ({ row, ids: idsOf(row.payload) }));
  const leads = restricted ? await eventLeads(db, recordsOf(events)) : new Map<string, EventLead>();
  return events.map((event) => {
    const record = recordOf(event.ids);
    return { ...event, record, lead: record === null ? undefined : leads.get(record) };
  });
}

type PushableEvent = Awaited<ReturnType<typeof eventsWithLeads>>[number];

function sendEvents(connection: LiveConnection, events: readonly PushableEvent[]) {
  for (const { row, ids, record, lead } of events) {
    if (!isEventName(row.name) || !mayHear(connection.principal, row.name)) continue;
    if (record !== null && !mayHearOfLead(connection.scope, lead, record.startsWith("lead:"))) continue;
    connection.send({ type: "event", data: { name: row.name, ids } }, row.id);
  }
}

/** What a reconnecting stream missed since `lastEventId`: replayed, or a resync when more than the replay limit. */
export async function replaySince(db: Database, connection: LiveConnection, lastEventId: number): Promise<void> {
  const rows = await outboxEventsAfter(db, lastEventId, LIVE_REPLAY_LIMIT + 1);
  if (rows.length > LIVE_REPLAY_LIMIT) {
    connection.send({ type: "resync", data: {} }, await latestOutboxId(db));
    return;
  }
  sendEvents(connection, await eventsWithLeads(db, rows, connection.scope.kind !== "all"));
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
      const events = await eventsWithLeads(db, await outboxEventsBetween(db, wake.from, wake.to), anyRestricted(connections));
      for (const connection of connections) sendEvents(connection, events);
    } else if (wake.kind === "timeline") {
      const found = await timelineLeadsBetween(db, wake.from, wake.to, LIVE_LEAD_IDS_LIMIT + 1);
      const leadIds = found.length > LIVE_LEAD_IDS_LIMIT ? null : found;
      const leads = leadIds && anyRestricted(connections) ? await eventLeads(db, { leadIds, taskIds: [], issueIds: [] }) : new Map<string, EventLead>();
      for (const connection of connections) {
        if (!mayHearActivity(connection.principal)) continue;
        // "Too many to list" names no lead; a list names only the leads this reader may see, and none is no message.
        const heard = leadIds && leadIds.filter((id) => mayHearOfLead(connection.scope, leads.get(`lead:${id}`), true));
        if (heard && heard.length === 0) continue;
        connection.send({ type: "leadActivity", data: { leadIds: heard } });
      }
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
