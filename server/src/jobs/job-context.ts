import type { AppConfig } from "../config";
import type { Database } from "../db/client";

/** What a job handler may use: the database and configuration, never a request. */
export interface JobContext {
  db: Database;
  config: AppConfig;
}
