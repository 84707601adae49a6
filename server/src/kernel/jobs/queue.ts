import PgBoss from "pg-boss";
import { rawSqlOn, type DatabaseHandle } from "../../db/client";
import { isRedacted, loggableError } from "../http/error-log";
import { wakeJobWorkers, type LiveChannel } from "../live/live-channel";
import type { JobKind, JobQueue } from "./job-context";

/** How often a job kind's extra workers (those beyond the first of a kind run several at once) poll while idle. */
const IDLE_SLOT_POLL_SECONDS = 10;

export type { JobQueue, JobSendOptions } from "./job-context";

export interface JobQueueOptions {
  /**
   * Seconds between polls for new jobs; small in tests so they finish quickly. A job sent for now wakes the workers
   * of its kind on every instance when it commits (wakeJobWorkers), so the poll is only the backstop.
   */
  pollingIntervalSeconds?: number;
}

/** The error a failed job leaves in pg-boss: a database error becomes its code and statement, nothing of its values. */
function storableJobError(error: unknown): unknown {
  const logged = loggableError(error);
  if (!isRedacted(logged)) return error;
  const stored = new Error(logged.message);
  stored.stack = `Error: ${logged.message}\n${logged.stack}`;
  return stored;
}

/** The queue for the given job kinds (every area's, composed by runtime.ts); sending any other kind is refused. */
export async function startJobQueue(database: DatabaseHandle, jobKinds: readonly JobKind[], options: JobQueueOptions = {}, live?: LiveChannel): Promise<JobQueue> {
  const registered = new Map(jobKinds.map((kind) => [kind.name, kind]));
  if (registered.size !== jobKinds.length) throw new Error("Two job kinds share a name");
  // Set once stop() has returned: a handler still running past the shutdown timeout (a webhook waiting on a slow
  // host) must not write to a database that is being closed. pg-boss sends its completion or failure without
  // awaiting it, so a refused statement would be an unhandled rejection; it is dropped instead, the job stays
  // active, and pg-boss's expiry hands it to a worker again after the restart.
  let stopped = false;
  const boss = new PgBoss({
    // Both drivers go through the same adapter, so the queue lives in the app's own database.
    db: {
      async executeSql(text, values) {
        // After stop only a running handler's completion or failure can still be sent, and pg-boss reads the
        // affected count from its answer's first row: "nothing affected".
        if (stopped) return { rows: [{ count: 0 }] };
        try {
          return await database.executeSql(text, values);
        } catch (error) {
          // Sent just before the stop, refused because the database closed meanwhile: dropped the same way.
          if (stopped) return { rows: [{ count: 0 }] };
          throw error;
        }
      },
    },
    schema: "pgboss",
    // Keep finished jobs a week for inspection, then let pg-boss's maintenance drop them.
    deleteAfterDays: 7,
  });
  boss.on("error", (error) => {
    // Never the error itself: a failed statement's error carries its parameters (see loggableError).
    console.error("job queue error", JSON.stringify(loggableError(error)));
  });
  await boss.start();
  for (const name of registered.keys()) {
    await boss.createQueue(name);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  /** Each kind's first worker on this instance, woken when a job of its kind is stored anywhere. */
  const firstWorkers = new Map<string, string>();
  const stopWaking = live?.subscribe((wake) => {
    if (wake.kind !== "job") return;
    const worker = firstWorkers.get(wake.job);
    if (worker !== undefined) boss.notifyWorker(worker);
  });

  return {
    async send(kind, payload, sendOptions, tx) {
      if (registered.get(kind.name) !== kind) throw new Error(`Job kind ${kind.name} is not registered`);
      const data = kind.payload.parse(payload) as object;
      const db = tx ? { db: { executeSql: rawSqlOn(tx) } } : {};
      const id = await boss.send(kind.name, data, { retryLimit: 3, retryBackoff: true, ...sendOptions, ...db });
      // A job booked for later is fetched by the polls; one for now wakes the workers when it commits.
      if (id !== null && sendOptions?.startAfter === undefined) await wakeJobWorkers(tx ?? database, kind.name);
      return id;
    },
    async startWorkers(context) {
      for (const [name, kind] of registered) {
        const runJob = async (job: PgBoss.JobWithMetadata<object>): Promise<unknown> => {
          const payload = kind.payload.parse(job.data);
          // pg-boss counts retries from 0 on the first run; retryLimit is how many retries follow it.
          const run = { id: job.id, attempt: job.retryCount + 1, attemptsAllowed: job.retryLimit + 1 };
          try {
            return await kind.handler(context, payload as never, run);
          } catch (error) {
            // pg-boss stores a failed job's error (message and stack) in the job's output; a database error
            // would put its statement's parameters there.
            throw storableJobError(error);
          }
        };
        const concurrency = kind.concurrency ?? 1;
        const pollingInterval = Math.min(pollingIntervalSeconds, kind.pollingIntervalSeconds ?? pollingIntervalSeconds);
        // Several at once are several workers of one job each, not one worker fetching a batch: pg-boss settles a
        // fetched batch as one, without waiting for it, so a job of the batch that failed and was fetched again for its
        // retry could be marked completed by the batch's late completion while its second run was still going.
        // The first worker polls at the kind's interval; the others, woken by it when it finds work, only every
        // IDLE_SLOT_POLL_SECONDS, so an idle instance asks about a kind about as often as with one worker.
        const slots: string[] = [];
        for (let slot = 0; slot < concurrency; slot++) {
          // Known once work() returns; a job fetched before then just waits out the interval.
          const worker: { id?: string } = {};
          const interval = slot === 0 ? pollingInterval : Math.max(pollingInterval, IDLE_SLOT_POLL_SECONDS);
          worker.id = await boss.work<object>(name, { pollingIntervalSeconds: interval, batchSize: 1, includeMetadata: true }, async ([job]) => {
            if (!job) return undefined;
            // More may be waiting: the other workers ask now instead of at their next poll.
            for (const other of slots) if (other !== worker.id) boss.notifyWorker(other);
            try {
              return await runJob(job);
            } finally {
              // pg-boss's worker waits its polling interval after every fetch, however quickly the job ran: a burst
              // would drain one job per interval and worker. Having found work, it asks again at once (this job is
              // active until pg-boss settles it, so it cannot be fetched again); an empty fetch then waits.
              if (concurrency > 1 && worker.id !== undefined) boss.notifyWorker(worker.id);
            }
          });
          slots.push(worker.id);
          if (slot === 0) firstWorkers.set(name, worker.id);
        }
        if (kind.schedule) await boss.schedule(name, kind.schedule, {}, { tz: "UTC" });
      }
    },
    async stop(timeoutMs = 20_000) {
      stopWaking?.();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      stopped = true;
    },
    async getJob(kind, id) {
      const job = await boss.getJobById(kind.name, id);
      return job ? { state: job.state, output: job.output } : null;
    },
  };
}
