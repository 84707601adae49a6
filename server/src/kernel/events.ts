import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { domainEvents, type DomainEvent, type DomainEventName, type DomainEventPayload } from "@contract/events";
import type { Database } from "../db/client";
import { eventOutbox } from "../db/schema";
import { loggableError } from "./http/error-log";
import type { CausedBy, EventContext, EventSubscriber, JobQueue } from "./jobs/job-context";
import type { LiveChannel } from "./live/live-channel";

export type { CausedBy, EventContext, EventSubscriber } from "./jobs/job-context";
import { inTransaction } from "./transaction";

/** Stored beside an event's payload (the payload's own schema ignores it), so automations can stop a loop. */
const causedBySchema: z.ZodType<CausedBy> = z.object({ automationId: z.number().int(), depth: z.number().int().min(1) });

const causedByOf = (payload: unknown): CausedBy | undefined => {
  const parsed = z.object({ causedBy: causedBySchema }).safeParse(payload);
  return parsed.success ? parsed.data.causedBy : undefined;
};


/**
 * Writes a domain event to the outbox with the caller's database or transaction. Inside the transaction of the
 * change it describes, the event exists exactly when the change committed: nothing is lost if the process dies before
 * dispatch, and nothing is dispatched for a change rolled back.
 */
export async function emitEvent<N extends DomainEventName>(db: Database, name: N, payload: DomainEventPayload<N>, causedBy?: CausedBy): Promise<void> {
  const stored = domainEvents[name].parse(payload);
  await db.insert(eventOutbox).values({ name, payload: causedBy ? { ...stored, causedBy } : stored });
}

/** Rows a statement of emitEvents writes: two parameters each, well under PostgreSQL's 65,535. */
const EMIT_CHUNK = 1_000;

/**
 * Writes many events of one name, as emitEvent does each, in statements of EMIT_CHUNK rows: a change that touches a
 * stage's thousands of leads writes their events in a few statements, not one round trip each.
 */
export async function emitEvents<N extends DomainEventName>(db: Database, name: N, payloads: readonly DomainEventPayload<N>[]): Promise<void> {
  for (let start = 0; start < payloads.length; start += EMIT_CHUNK) {
    const rows = payloads.slice(start, start + EMIT_CHUNK).map((payload) => ({ name, payload: domainEvents[name].parse(payload) }));
    await db.insert(eventOutbox).values(rows);
  }
}

/** Events claimed per transaction; the dispatcher loops until fewer are waiting. */
const BATCH_SIZE = 100;
/** After this many failed dispatches an event is left in the outbox (with its last error) for someone to look at. */
export const MAX_DISPATCH_ATTEMPTS = 10;
const ERROR_TEXT_LIMIT = 2000;

type ClaimedRow = typeof eventOutbox.$inferSelect;

const subscribes = (subscriber: EventSubscriber, name: string) => subscriber.events === "*" || subscriber.events.some((event) => event === name);

/** A stored row as the event its name declares; undefined for a name or payload this version does not know. */
function toDomainEvent(row: ClaimedRow): DomainEvent | undefined {
  if (!Object.hasOwn(domainEvents, row.name)) return undefined;
  const name = row.name as DomainEventName;
  const parsed = domainEvents[name].safeParse(row.payload);
  if (!parsed.success) return undefined;
  // The schema chosen by `name` parsed the payload, so the pair is one member of the union.
  return { id: row.id, name, payload: parsed.data, occurredAt: row.occurredAt } as DomainEvent;
}

/** What is kept of a subscriber's failure: its message, never a failed statement's parameters (see loggableError). */
const errorText = (error: unknown) => loggableError(error).message.slice(0, ERROR_TEXT_LIMIT);

export interface DispatchOutcome {
  dispatched: number;
  failed: number;
}

/** Each subscriber's current interest, asked once for a batch (see EventSubscriber.wants). */
async function interestsOf(db: Database, subscribers: readonly EventSubscriber[]): Promise<Map<EventSubscriber, ReadonlySet<string> | "*">> {
  // One after another: inside a transaction, statements share one connection.
  const interests = new Map<EventSubscriber, ReadonlySet<string> | "*">();
  for (const subscriber of subscribers) interests.set(subscriber, subscriber.wants ? await subscriber.wants(db) : "*");
  return interests;
}

/**
 * The job queue as one batch's subscribers see it: a job sent with a singletonKey (one run for a burst, as the webhook
 * deliveries' is) is stored once per batch, not once per event. Should the savepoint that stored it roll back, the
 * kind's minute schedule is the backstop.
 */
function oncePerBatch(jobs: JobQueue): JobQueue {
  const sentKeys = new Set<string>();
  return {
    ...jobs,
    async send(kind, payload, options, tx) {
      const key = options?.singletonKey;
      if (key !== undefined && sentKeys.has(key)) return null;
      if (key !== undefined) sentKeys.add(key);
      return jobs.send(kind, payload, options, tx);
    },
  };
}

/**
 * Hands one batch of waiting events to their subscribers. The rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several app instances (or the scheduled job beside the poller) share the outbox without running an event twice.
 * Each subscriber runs in a savepoint, for the whole batch at once and, when that fails, for each event alone: one that
 * fails is rolled back alone, recorded (attempts, last_error) and retried later with backoff, while the others' work
 * and the rest of the batch go ahead. A subscriber with nothing
 * to do for an event (not in its `wants`) is counted as having handled it, without a savepoint.
 */
async function dispatchBatch(context: EventContext, subscribers: readonly EventSubscriber[]): Promise<DispatchOutcome & { claimed: number }> {
  return inTransaction(context.db, async (tx) => {
    const claimed: ClaimedRow[] = await tx
      .select()
      .from(eventOutbox)
      .where(and(isNull(eventOutbox.dispatchedAt), lte(eventOutbox.availableAt, sql`now()`), lt(eventOutbox.attempts, MAX_DISPATCH_ATTEMPTS)))
      .orderBy(asc(eventOutbox.availableAt), asc(eventOutbox.id))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (claimed.length === 0) return { claimed: 0, dispatched: 0, failed: 0 };
    const interests = await interestsOf(tx, subscribers);
    const batchContext = { ...context, jobs: oncePerBatch(context.jobs) };
    // Handled events are marked together, in one statement at the end of the batch: { id: subscribers that handled it }.
    const handled: Record<string, string[]> = {};
    let failed = 0;
    const rankOf = (name: string) => subscribers.findIndex((subscriber) => subscriber.name === name);
    const events = new Map(claimed.map((row) => [row.id, toDomainEvent(row)]));
    const deliveredOf = new Map(claimed.map((row) => [row.id, [...row.deliveredTo]]));
    const wanted = (subscriber: EventSubscriber, row: ClaimedRow): boolean => {
      const event = events.get(row.id);
      const delivered = deliveredOf.get(row.id) ?? [];
      if (!event || !subscribes(subscriber, event.name) || delivered.includes(subscriber.name)) return false;
      const interest = interests.get(subscriber);
      if (interest === "*" || interest?.has(event.name)) return true;
      delivered.push(subscriber.name);
      return false;
    };
    // Each subscriber handles all its events of the batch in one savepoint (its handleBatch, or its handle for each
    // event in turn): a savepoint costs two round trips, which for a hundred events was most of a batch's time.
    // Should that fail, each event is handed to it alone below, so one bad event is retried by itself and the others
    // go ahead.
    for (const subscriber of subscribers) {
      const rows = claimed.filter((row) => wanted(subscriber, row));
      if (rows.length === 0) continue;
      const batch = rows.map((row) => ({ event: events.get(row.id)!, causedBy: causedByOf(row.payload) }));
      try {
        await tx.transaction(async (savepoint) => {
          const context = { ...batchContext, db: savepoint };
          if (subscriber.handleBatch) return subscriber.handleBatch(context, batch);
          for (const { event, causedBy } of batch) await subscriber.handle({ ...context, causedBy }, event);
        });
        for (const row of rows) deliveredOf.get(row.id)?.push(subscriber.name);
      } catch {
        // Handled one by one below.
      }
    }
    for (const row of claimed) {
      const event = events.get(row.id);
      const delivered = deliveredOf.get(row.id) ?? [];
      let lastError: string | null = event ? null : `Unknown event or payload: ${row.name}`;
      if (event) {
        for (const subscriber of subscribers) {
          if (!wanted(subscriber, row)) continue;
          try {
            await tx.transaction((savepoint) => subscriber.handle({ ...batchContext, db: savepoint, causedBy: causedByOf(row.payload) }, event));
            delivered.push(subscriber.name);
          } catch (error) {
            lastError = `${subscriber.name}: ${errorText(error)}`;
          }
        }
      }
      if (lastError === null) {
        // This round's in the subscribers' order, whichever ran first (a batch handler runs before the others), after
        // those of earlier rounds.
        const earlier = row.deliveredTo.length;
        handled[String(row.id)] = [...delivered.slice(0, earlier), ...delivered.slice(earlier).sort((a, b) => rankOf(a) - rankOf(b))];
      } else {
        failed++;
        // Backoff: 10 s, 20 s, 40 s … capped at an hour.
        const delaySeconds = Math.min(3600, 10 * 2 ** row.attempts);
        await tx
          .update(eventOutbox)
          .set({
            attempts: sql`${eventOutbox.attempts} + 1`,
            lastError,
            deliveredTo: delivered,
            availableAt: sql`now() + make_interval(secs => ${delaySeconds})`,
          })
          .where(eq(eventOutbox.id, row.id));
      }
    }
    const dispatched = Object.keys(handled).length;
    if (dispatched > 0) {
      await tx.execute(sql`
        UPDATE ${eventOutbox} SET dispatched_at = now(),
          delivered_to = ARRAY(SELECT jsonb_array_elements_text(handled.value))
        FROM jsonb_each(${JSON.stringify(handled)}::jsonb) AS handled
        WHERE ${eventOutbox.id} = handled.key::bigint`);
    }
    return { claimed: claimed.length, dispatched, failed };
  });
}

/** Dispatches every event waiting now, batch by batch. */
export async function dispatchPendingEvents(context: EventContext, subscribers: readonly EventSubscriber[]): Promise<DispatchOutcome> {
  const total = { dispatched: 0, failed: 0 };
  for (;;) {
    const batch = await dispatchBatch(context, subscribers);
    total.dispatched += batch.dispatched;
    total.failed += batch.failed;
    if (batch.claimed < BATCH_SIZE) return total;
  }
}

export interface EventDispatcher {
  /** Stops listening and polling and waits for the dispatch under way, if any. */
  stop(): Promise<void>;
}

/**
 * Dispatches in this process whenever the outbox has news: woken by the LISTEN channel when an emitting transaction
 * commits (on any instance: migration 0038's trigger), when the channel comes back after a lost connection, and
 * every `fallbackMs` for what no wake-up announces (an event whose retry is due after its backoff). The scheduled job
 * (kernel/events.jobs.ts) is the backstop every minute. Wake-ups during a dispatch are folded into one more round.
 */
export function startEventDispatcher(context: EventContext, subscribers: readonly EventSubscriber[], live: LiveChannel, fallbackMs: number): EventDispatcher {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    again = false;
    running = dispatchPendingEvents(context, subscribers)
      .catch((error: unknown) => console.error("event dispatch failed", JSON.stringify(loggableError(error))))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) run();
        else timer = setTimeout(run, fallbackMs);
      });
  };
  const stopWaking = live.subscribe((wake) => {
    if (wake.kind === "outbox") run();
  });
  const stopResuming = live.onResume(run);
  run();
  return {
    async stop() {
      stopped = true;
      stopWaking();
      stopResuming();
      clearTimeout(timer);
      await running;
    },
  };
}
