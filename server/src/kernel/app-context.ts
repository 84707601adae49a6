import type { AppConfig } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import type { JobQueue } from "./jobs/queue";
import type { LiveChannel } from "./live/live-channel";

/** What route modules receive: everything shared by one app instance, nothing per request. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  sessionSecret: string;
  /** This instance's LISTEN on the database's wake-ups (commits of events, timeline entries, notifications, jobs). */
  live: LiveChannel;
}

export type { ZodApp } from "./http/zod-app";
