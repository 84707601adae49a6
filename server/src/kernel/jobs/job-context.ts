import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import type { EventSubscriber } from "../events";

/** What a job handler may use: the database and configuration, never a request. */
export interface JobContext {
  db: Database;
  config: AppConfig;
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
