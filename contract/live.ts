import { z } from "zod";
import { defineEndpoint, defineEndpoints } from "./endpoint";

/**
 * The live stream (issue 25.6): server-sent events telling an open screen that what it shows changed, so it reads it
 * again. Each message says what changed, never the data itself (the screen reads that through its own endpoints,
 * with its own access checks).
 */

/** The SSE `event:` of each message, and its `data:` (JSON). */
export const liveMessages = {
  /** A domain event (contract/events.ts) the reader may read; its SSE `id:` is the event's, for Last-Event-ID. */
  event: z.object({
    name: z.string(),
    /** The ids in the event's payload (leadId, taskId, …): which records changed. */
    ids: z.record(z.string(), z.number()),
  }),
  /** Entries were added to these leads' timelines (null: too many to list; every open lead changed). */
  leadActivity: z.object({ leadIds: z.array(z.number()).nullable() }),
  /** The reader got a notification. */
  notification: z.object({}),
  /** Too much was missed to replay (a long disconnection): read everything on screen again. */
  resync: z.object({}),
} as const;
export type LiveMessageName = keyof typeof liveMessages;
export type LiveMessage = { [N in LiveMessageName]: { type: N; data: z.output<(typeof liveMessages)[N]> } }[LiveMessageName];

/** At most this many missed events are replayed after a reconnection; more than that is a resync. */
export const LIVE_REPLAY_LIMIT = 500;
/** At most this many lead ids in one leadActivity message. */
export const LIVE_LEAD_IDS_LIMIT = 200;

export const liveEndpoints = defineEndpoints("live", {
  stream: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/events/stream",
    errors: [401, 403],
    tags: ["Live"],
    summary: "Server-sent events: what changed, as it commits, on any instance",
    description:
      "text/event-stream. Messages: `event` (a domain event the caller may read: `{ name, ids }`, with the event's id as the " +
      "SSE id), `leadActivity` (`{ leadIds }`: timeline entries were added), `notification` (the caller got one) and `resync`. " +
      "Send `Last-Event-ID` to replay the events committed since (up to " +
      `${LIVE_REPLAY_LIMIT}; beyond that a resync). A comment every 25 s keeps the connection open; the server ends a stream ` +
      "after a few minutes so that access is checked again on the reconnection.",
  }),
});
