import { mkdirSync } from "node:fs";
import type { AppContext } from "./kernel/app-context";
import { buildApp, type BuildOptions, type BuiltApp } from "./app";
import type { AppConfig } from "./config";
import { openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { startEventDispatcher, type EventDispatcher, type EventSubscriber } from "./kernel/events";
import { startServiceLevelFlush } from "./kernel/http/service-level-meter";
import { startJobQueue, type JobQueueOptions } from "./kernel/jobs/queue";
import { openLiveChannel, type LiveChannel } from "./kernel/live/live-channel";
import { eventSubscribers } from "./event-subscribers";
import { jobKinds } from "./job-kinds";
import { ensureInitialAdmin } from "./modules/auth/auth.service";
import { syncRolePermissions } from "./modules/auth/users.data";
import { resolveSessionSecret } from "./modules/auth/session-secret";
import { ensureSetupToken, readSetupToken } from "./modules/auth/setup-token";

/**
 * How often each instance looks at the outbox without being woken (committed events wake it through LISTEN/NOTIFY):
 * for retries whose backoff ran out. An empty outbox costs one index probe.
 */
const EVENT_FALLBACK_POLL_SECONDS = 5;

export interface Runtime extends BuiltApp {
  ctx: AppContext;
  /**
   * The one-time token POST /api/auth/setup needs while no user exists (main.ts prints it at start);
   * undefined once set-up is done or when ADMIN_EMAIL/ADMIN_PASSWORD created the administrator.
   */
  readSetupToken(): Promise<string | undefined>;
  /** Stops taking requests, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
}

export interface RuntimeOptions extends JobQueueOptions, BuildOptions {
  /** Run job handlers and dispatch domain events in this process (default true). */
  workers?: boolean;
  /** Who receives domain events (default: every area's, from event-subscribers.ts); tests add a recorder. */
  eventSubscribers?: readonly EventSubscriber[];
  /** With PGlite: start from this data directory image (tests start from an already migrated one). */
  pgliteImage?: Blob;
}

/** Everything one app instance needs, in start-up order: database, migrations, secrets, jobs, HTTP app. */
export async function createRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  let releaseDataDir = () => {};
  if (!config.databaseUrl && config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    releaseDataDir = lockDataDir(config.dataDir);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax, pgliteImage: options.pgliteImage }).catch((error: unknown) => {
    releaseDataDir();
    throw error;
  });
  let live: LiveChannel | undefined;
  try {
    await database.migrate();
    const sessionSecret = await resolveSessionSecret(database.db, config.sessionSecret);
    await syncRolePermissions(database.db);
    await ensureInitialAdmin({ db: database.db, config });
    await ensureSetupToken(database.db);
    live = await openLiveChannel(database);
    const jobs = await startJobQueue(database, jobKinds, options, live);
    const ctx: AppContext = { config, database, db: database.db, jobs, sessionSecret, live };
    const built = await buildApp(ctx, { logStream: options.logStream });
    const subscribers = options.eventSubscribers ?? eventSubscribers;
    let dispatcher: EventDispatcher | undefined;
    if (options.workers !== false) {
      await jobs.startWorkers({ db: database.db, config, jobs, eventSubscribers: subscribers });
      const fallbackSeconds = Math.min(options.pollingIntervalSeconds ?? EVENT_FALLBACK_POLL_SECONDS, EVENT_FALLBACK_POLL_SECONDS);
      dispatcher = startEventDispatcher({ db: database.db, config, jobs }, subscribers, live, fallbackSeconds * 1000);
    }
    const serviceLevelFlush = startServiceLevelFlush(database.db, built.serviceLevelMeter, (error) =>
      built.app.log.error({ err: error }, "service level measurements not written; kept for the next flush"),
    );
    const openLive = live;
    let closing: Promise<void> | undefined;
    return {
      ...built,
      ctx,
      readSetupToken: () => readSetupToken(database.db),
      close() {
        closing ??= (async () => {
          await built.app.close();
          await serviceLevelFlush.stop();
          await dispatcher?.stop();
          await jobs.stop(config.shutdownTimeoutMs);
          await openLive.stop();
          await database.close();
          releaseDataDir();
        })();
        return closing;
      },
    };
  } catch (error) {
    await live?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    releaseDataDir();
    throw error;
  }
}
