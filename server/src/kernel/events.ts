import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { domainEvents, type DomainEvent, type DomainEventName, type DomainEventPayload } from "@contract/events";
import type { Database } from "../db/client";
import { eventOutbox } from "../db/schema";
import { loggableError } from "./http/error-log";
import type { CausedBy, EventContext, EventSubscriber, JobQueue } from "./jobs/job-context";

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
 * Each subscriber runs in a savepoint: one that fails is rolled back alone, recorded (attempts, last_error) and
 * retried later with backoff, while the others' work and the rest of the batch go ahead. A subscriber with nothing
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
    for (const row of claimed) {
      const event = toDomainEvent(row);
      const delivered = [...row.deliveredTo];
      let lastError: string | null = event ? null : `Unknown event or payload: ${row.name}`;
      if (event) {
        for (const subscriber of subscribers) {
          if (!subscribes(subscriber, event.name) || delivered.includes(subscriber.name)) continue;
          const interest = interests.get(subscriber);
          if (interest !== "*" && !interest?.has(event.name)) {
            delivered.push(subscriber.name);
            continue;
          }
          try {
            await tx.transaction((savepoint) => subscriber.handle({ ...batchContext, db: savepoint, causedBy: causedByOf(row.payload) }, event));
            delivered.push(subscriber.name);
          } catch (error) {
            lastError = `${subscriber.name}: ${errorText(error)}`;
          }
        }
      }
      if (lastError === null) {
        handled[String(row.id)] = delivered;
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
  /** Stops polling and waits for the dispatch under way, if any. */
  stop(): Promise<void>;
}

/**
 * Polls the outbox in this process every `intervalMs` (the scheduled job, kernel/events.jobs.ts, is the backstop every
 * minute). Polling keeps dispatch within a second or two of the commit without the emitter needing the job queue.
 */
export function startEventDispatcher(context: EventContext, subscribers: readonly EventSubscriber[], intervalMs: number): EventDispatcher {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = dispatchPendingEvents(context, subscribers)
      .catch((error: unknown) => console.error("event dispatch failed", JSON.stringify(loggableError(error))))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
