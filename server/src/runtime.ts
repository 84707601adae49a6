import { mkdirSync } from "node:fs";
import type { AppContext } from "./app-context";
import { buildApp, type BuiltApp } from "./app";
import type { AppConfig } from "./config";
import { openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { startJobQueue, type JobQueueOptions } from "./jobs/queue";
import { ensureInitialAdmin } from "./modules/auth/auth.service";
import { resolveSessionSecret } from "./modules/auth/session-secret";

export interface Runtime extends BuiltApp {
  ctx: AppContext;
  /** Stops taking requests, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
}

export interface RuntimeOptions extends JobQueueOptions {
  /** Run job handlers in this process (default true). */
  workers?: boolean;
}

/** Everything one app instance needs, in start-up order: database, migrations, secrets, jobs, HTTP app. */
export async function createRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  let releaseDataDir = () => {};
  if (!config.databaseUrl && config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    releaseDataDir = lockDataDir(config.dataDir);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax }).catch((error: unknown) => {
    releaseDataDir();
    throw error;
  });
  try {
    await database.migrate();
    const sessionSecret = await resolveSessionSecret(database.db, config.sessionSecret);
    await ensureInitialAdmin({ db: database.db, config });
    const jobs = await startJobQueue(database, options);
    const ctx: AppContext = { config, database, db: database.db, jobs, sessionSecret };
    const built = await buildApp(ctx);
    if (options.workers !== false) await jobs.startWorkers({ db: database.db, config });
    let closing: Promise<void> | undefined;
    return {
      ...built,
      ctx,
      close() {
        closing ??= (async () => {
          await built.app.close();
          await jobs.stop(config.shutdownTimeoutMs);
          await database.close();
          releaseDataDir();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    releaseDataDir();
    throw error;
  }
}
