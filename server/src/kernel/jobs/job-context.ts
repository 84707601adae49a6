import type PgBoss from "pg-boss";
import type { z } from "zod";
import type { DomainEvent, DomainEventName } from "@contract/events";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";

// The types of background work, jobs and event subscribers, live together here: each kind of work is handed the
// other (a job dispatches events, a subscriber starts jobs), so apart they would import each other.

/** What a job handler may use: the database and configuration, never a request. */
export interface JobContext {
  db: Database;
  config: AppConfig;
  /** The queue itself, for a handler that starts other work (the outbox's dispatch hands it to subscribers). */
  jobs: JobQueue;
  /** Every subscriber to domain events (server/src/event-subscribers.ts), for the outbox's dispatch job. */
  eventSubscribers: readonly EventSubscriber[];
}

/** Which run of a job this is: handlers that retry on failure decide differently on the last one. */
export interface JobRun {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** The first run plus the retries allowed when the job was sent. */
  attemptsAllowed: number;
}

export const isLastAttempt = (run: JobRun) => run.attempt >= run.attemptsAllowed;

/** One kind of background job: its name, the schema of its payload, its handler and, if any, its schedule. */
export interface JobKind<P extends z.ZodType = z.ZodType> {
  /** Stable: stored with every queued job. "<area>.<what it does>". */
  name: string;
  payload: P;
  handler: (context: JobContext, payload: z.output<P>, run: JobRun) => Promise<unknown>;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
  /**
   * How often an idle worker asks for this kind's next job, for kinds someone waits on (a webhook receiver); others
   * use the queue's interval (2 s), which keeps an idle instance's polling light.
   */
  pollingIntervalSeconds?: number;
  /**
   * For kinds that come in bursts someone waits on (a workflow's webhook calls, one job each): each instance's worker
   * fetches up to this many of its jobs at once and runs them side by side, each completing or failing on its own, and
   * asks again as soon as a fetch found any instead of after its polling interval. Absent: one job per poll, so a
   * burst drains at one job per polling interval on each instance.
   */
  concurrency?: number;
}

export type JobPayload<K extends JobKind> = z.input<K["payload"]>;

export type JobSendOptions = Omit<PgBoss.SendOptions, "db">;

export interface JobQueue {
  /**
   * Stores a job. With `tx` (a Drizzle transaction) the job is written inside that transaction: it exists only if
   * the transaction commits, and no worker sees it before then.
   */
  send<K extends JobKind>(kind: K, payload: JobPayload<K>, options?: JobSendOptions, tx?: Database): Promise<string | null>;
  /** Registers the handlers of every job kind and their schedules: call once per app instance. */
  startWorkers(context: JobContext): Promise<void>;
  /** Lets running jobs finish (up to the timeout), then stops polling. */
  stop(timeoutMs?: number): Promise<void>;
  getJob(kind: JobKind, id: string): Promise<{ state: string; output: unknown } | null>;
}

/** Set when an automation's action emitted an event: which automation, and how deep the chain of them is. */
export interface CausedBy {
  automationId: number;
  depth: number;
}

/** What a subscriber may use: like a job, the database and configuration, never a request. */
export interface EventContext {
  /** The dispatching transaction: a subscriber's writes commit with the event being marked handled, or not at all. */
  db: Database;
  config: AppConfig;
  /** To start work at once, e.g. the job that sends what the subscriber wrote; pass the dispatch's `db` as `tx`. */
  jobs: JobQueue;
  causedBy?: CausedBy;
}

/**
 * Something that reacts to domain events after the change that caused them committed. An area exports its
 * subscribers and server/src/event-subscribers.ts composes them, the way job-kinds.ts composes job kinds.
 */
export interface EventSubscriber {
  /** Stable: recorded with each event it has handled, so a retry does not run it twice. */
  name: string;
  events: readonly DomainEventName[] | "*";
  /**
   * Which events it has work for right now (say, the events some enabled endpoint wants), read once per dispatched
   * batch: the others are counted as handled without a savepoint or a query each. Absent: every event in `events`.
   */
  wants?(db: EventContext["db"]): Promise<ReadonlySet<string> | "*">;
  handle(context: EventContext, event: DomainEvent): Promise<void>;
  /**
   * Optional: handles every event of a dispatched batch it has work for at once (a few statements for a hundred
   * events instead of a few each); without it, `handle` is called for each in turn, in one savepoint for the batch.
   * Should that fail, the dispatcher hands each event to `handle` alone, in a savepoint of its own.
   */
  handleBatch?(context: EventContext, events: readonly { event: DomainEvent; causedBy: CausedBy | undefined }[]): Promise<void>;
}
