import type { AppConfig } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import type { JobQueue } from "./jobs/queue";

/** What route modules receive: everything shared by one app instance, nothing per request. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  sessionSecret: string;
}

export type { ZodApp } from "./http/zod-app";
