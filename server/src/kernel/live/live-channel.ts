import { z } from "zod";
import type { Database, DatabaseHandle } from "../../db/client";
import { rawSqlOn } from "../../db/client";

/** The one channel every instance LISTENs on (migration 0038 and JobQueue.send notify on it). */
export const LIVE_CHANNEL = "leadwell_live";

const idRange = z.tuple([z.number().int(), z.number().int()]);

/**
 * What a wake-up says, as migration 0038's triggers and the job queue write it: rows of the outbox, the lead timeline
 * or notifications committed with ids in a range, or a job of a kind stored.
 */
const liveWakeSchema = z.union([
  z.object({ o: idRange }).transform(({ o }) => ({ kind: "outbox" as const, from: o[0], to: o[1] })),
  z.object({ t: idRange }).transform(({ t }) => ({ kind: "timeline" as const, from: t[0], to: t[1] })),
  z.object({ n: idRange }).transform(({ n }) => ({ kind: "notifications" as const, from: n[0], to: n[1] })),
  z.object({ j: z.string() }).transform(({ j }) => ({ kind: "job" as const, job: j })),
]);
export type LiveWake = z.output<typeof liveWakeSchema>;
export type LiveRangeKind = Exclude<LiveWake["kind"], "job">;

export function parseLiveWake(payload: string): LiveWake | undefined {
  try {
    const parsed = liveWakeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface LiveChannel {
  /** Calls `listener` with every wake-up this instance hears; returns the function that stops it. */
  subscribe(listener: (wake: LiveWake) => void): () => void;
  /**
   * Calls `listener` after the listening connection was lost and came back: wake-ups sent meanwhile were not heard,
   * so a consumer reads what it may have missed from its tables.
   */
  onResume(listener: () => void): () => void;
  stop(): Promise<void>;
}

/**
 * This instance's ear on the database: one LISTEN connection, however many consumers (the outbox dispatcher, the job
 * workers, every open event stream). Nothing is kept here but the listeners: what happened is read from the tables.
 */
export async function openLiveChannel(database: DatabaseHandle): Promise<LiveChannel> {
  const listeners = new Set<(wake: LiveWake) => void>();
  const resumers = new Set<() => void>();
  const unlisten = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const wake = parseLiveWake(payload);
      if (!wake) return;
      for (const listener of listeners) listener(wake);
    },
    () => {
      for (const resume of resumers) resume();
    },
  );
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResume(listener) {
      resumers.add(listener);
      return () => resumers.delete(listener);
    },
    async stop() {
      listeners.clear();
      resumers.clear();
      await unlisten();
    },
  };
}

/**
 * Tells every instance that a job of `jobName` was stored: sent on the storing transaction, the wake-up arrives when
 * it commits (never for a rolled-back one), so workers fetch it at once instead of at their next poll.
 */
export async function wakeJobWorkers(db: Database | DatabaseHandle, jobName: string): Promise<void> {
  const payload = JSON.stringify({ j: jobName });
  if ("executeSql" in db) await db.executeSql("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, payload]);
  else await rawSqlOn(db)("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, payload]);
}
