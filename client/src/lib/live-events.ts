import { useEffect, useRef } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { liveEndpoints, LiveMessage } from "@contract/live";
import type { DeclaredRoute } from "./api-client";

/**
 * What the live stream (GET /api/events/stream) said over a short moment, gathered so that a burst (an import's
 * thousands of events) refreshes each screen once rather than once per event.
 */
export interface LiveBatch {
  /** Domain events by name (contract/events.ts), with the ids each one carried. */
  events: Map<string, Record<string, number>[]>;
  /** Leads whose timeline got entries; "all" when the server did not list them (too many). */
  leadActivity: Set<number> | "all";
  /** The signed-in person got a notification. */
  notification: boolean;
  /** Something may have been missed (the stream reconnected, or the server said so): every screen reads again. */
  resync: boolean;
}

/** How long messages are gathered before the screens hear of them. */
const GATHER_MS = 250;

const listeners = new Set<(batch: LiveBatch) => void>();
const emptyBatch = (): LiveBatch => ({ events: new Map(), leadActivity: new Set(), notification: false, resync: false });
let pending: LiveBatch | undefined;

function gather(change: (batch: LiveBatch) => void) {
  if (!pending) {
    pending = emptyBatch();
    setTimeout(() => {
      const batch = pending!;
      pending = undefined;
      for (const listener of listeners) listener(batch);
    }, GATHER_MS);
  }
  change(pending);
}

type DataOf<T extends LiveMessage["type"]> = Extract<LiveMessage, { type: T }>["data"];

/**
 * A message's data as the server writes it (contract/live.ts), checked by hand: the shell is on the first page, so
 * zod stays out of it (as in api-client.ts). Anything else is ignored.
 */
function parseData(data: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isIds = (value: unknown): value is Record<string, number> =>
  typeof value === "object" && value !== null && Object.values(value).every((id) => typeof id === "number");

function eventData(data: string): DataOf<"event"> | undefined {
  const parsed = parseData(data);
  return parsed && typeof parsed.name === "string" && isIds(parsed.ids) ? { name: parsed.name, ids: parsed.ids } : undefined;
}

function leadActivityData(data: string): DataOf<"leadActivity"> | undefined {
  const leadIds = parseData(data)?.leadIds;
  if (leadIds === null) return { leadIds: null };
  return Array.isArray(leadIds) && leadIds.every((id) => typeof id === "number") ? { leadIds: leadIds as number[] } : undefined;
}

/** The stream's address: the declared endpoint's path under /api. */
const streamRoute: DeclaredRoute<typeof liveEndpoints.stream> = { method: "GET", path: "/events/stream" };
const STREAM_URL = `/api${streamRoute.path}`;

/**
 * Keeps this tab's one live stream open while someone is signed in (call it once, in the signed-in shell). The
 * browser reconnects by itself after a drop, sending the last event's id so the server replays what was missed; what
 * has no id (timeline activity, notifications) is caught up by reading every screen again after a reconnection.
 */
export function useLiveStream(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(STREAM_URL);
    let dropped = false;
    source.addEventListener("open", () => {
      if (dropped) gather((batch) => (batch.resync = true));
      dropped = false;
    });
    source.addEventListener("error", () => {
      dropped = true;
    });
    source.addEventListener("event", (message) => {
      const data = eventData(message.data);
      if (!data) return;
      gather((batch) => batch.events.set(data.name, [...(batch.events.get(data.name) ?? []), data.ids]));
    });
    source.addEventListener("leadActivity", (message) => {
      const data = leadActivityData(message.data);
      if (!data) return;
      gather((batch) => {
        if (data.leadIds === null) batch.leadActivity = "all";
        else if (batch.leadActivity !== "all") for (const id of data.leadIds) batch.leadActivity.add(id);
      });
    });
    source.addEventListener("notification", () => gather((batch) => (batch.notification = true)));
    source.addEventListener("resync", () => gather((batch) => (batch.resync = true)));
    return () => source.close();
  }, [enabled]);
}

/** Calls `onBatch` with each gathered batch of live messages while the component is mounted. */
export function useLiveMessages(onBatch: (batch: LiveBatch) => void) {
  const latest = useRef(onBatch);
  useEffect(() => {
    latest.current = onBatch;
  });
  useEffect(() => {
    const listener = (batch: LiveBatch) => latest.current(batch);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

/**
 * Whether a batch says this lead's page changed: its own timeline activity, an event naming it (an email's delivery
 * status settles without a timeline entry), too much to list, or a resync.
 */
export const touchesLead = (batch: LiveBatch, leadId: number) =>
  batch.resync ||
  batch.leadActivity === "all" ||
  batch.leadActivity.has(leadId) ||
  [...batch.events.values()].some((idsList) => idsList.some((ids) => ids.leadId === leadId));

/** Reads these queries of one lead again when the live stream says the lead changed (its page's parts use it). */
export function useLiveLeadRefresh(leadId: number, queryKeys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  useLiveMessages((batch) => {
    if (!touchesLead(batch, leadId)) return;
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
}
