import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = "pglite" | "postgres";

export interface SqlResult<Row> {
  rows: Row[];
}

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Raw SQL through the driver: used by pg-boss and by benchmarks that compare against the API. */
  executeSql<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<Row>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as an image a later openDatabase can start from (pgliteImage). */
  dumpImage?(): Promise<Blob>;
  /**
   * LISTENs on `channel`: `onNotify` gets each payload, delivered when its transaction commits. With PostgreSQL the
   * listener has a connection of its own and reconnects after losing it; `onResume` is then called, since whatever
   * was notified meanwhile is lost and a consumer catches up from its tables. Resolves with a function that stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
}

/**
 * Raw SQL with $1… parameters on the connection a Drizzle database or transaction holds, so that a library with its
 * own SQL (pg-boss) can write inside the caller's transaction on either driver. Drizzle's execute() only takes its
 * sql`` templates; its session's prepareQuery takes text and parameters as they are.
 */
export function rawSqlOn(db: Database) {
  return async <Row = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<SqlResult<Row>> => {
    const result = await db._.session.prepareQuery({ sql: text, params: values }, undefined, undefined, false).execute();
    return { rows: (result as SqlResult<Row>).rows };
  };
}

export interface DatabaseOptions {
  /** node-postgres connection string; without it an embedded PGlite database is opened. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; null keeps everything in memory (tests). */
  dataDir: string | null;
  poolMax?: number;
  /**
   * A PGlite data directory image (PGlite's dumpDataDir) to start from instead of an empty cluster: tests start from
   * one already migrated, which skips PGlite's slow initialisation. Ignored with a PostgreSQL server.
   */
  pgliteImage?: Blob;
}

// Resolved next to this file in development and next to the bundle in dist (the build copies the folder).
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any lock id works as long as every instance uses the same one.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolMax ?? 10) : openPglite(options.dataDir, options.pgliteImage);
}

/**
 * PGlite's compiled WebAssembly and its file-system bundle, loaded once per process: a process that opens several
 * databases (the tests open hundreds) then compiles the 9 MB module once instead of for each.
 */
let pgliteAssets: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function loadPgliteAssets() {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [wasm, bundle] = await Promise.all([readFile(path.join(dist, "pglite.wasm")), readFile(path.join(dist, "pglite.data"))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return pgliteAssets;
}

async function openPglite(dataDir: string | null, image?: Blob): Promise<DatabaseHandle> {
  const options = { extensions: { pg_trgm, unaccent }, ...(image ? { loadDataDir: image } : {}), ...(await loadPgliteAssets()) };
  const client = dataDir ? await PGlite.create(path.join(dataDir, "pglite"), options) : await PGlite.create(options);
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    driver: "pglite",
    async executeSql<Row>(text: string, values?: unknown[]) {
      // PGlite refuses several statements in one prepared query, and pg-boss sends its
      // schema set-up that way without parameters: those go through exec().
      if (values && values.length > 0) {
        const result = await client.query<Row>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Row[] };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async dumpImage() {
      return client.dumpDataDir("none");
    },
    async listen(channel, onNotify) {
      // One embedded database, one process: its notifications need no connection of their own.
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** How long a lost LISTEN connection waits before connecting again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others between queries), kept open: when it is
 * lost it connects again after a second, LISTENs again and calls onResume so the consumer catches up.
 */
async function listenPostgres(connectionString: string, channel: string, onNotify: (payload: string) => void, onResume?: () => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (resuming: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true).catch(lost), RELISTEN_DELAY_MS);
    };
    next.on("error", lost);
    next.on("end", lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (!resuming) {
        client = undefined;
        await next.end().catch(() => undefined);
        throw error;
      }
      lost();
      return;
    }
    if (resuming) onResume?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = undefined;
  };
}

async function openPostgres(connectionString: string, poolMax: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolMax });
  // An idle client that loses its server must not take the process down.
  pool.on("error", () => undefined);
  const db: Database = drizzlePg(pool, { schema });
  return {
    db,
    driver: "postgres",
    async executeSql<Row>(text: string, values?: unknown[]) {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: result.rows as Row[] };
    },
    async migrate() {
      // One client holds the advisory lock for the whole run, so several instances starting
      // together apply each migration once.
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.end();
      }
    },
    async close() {
      // Handlers of requests whose clients already left may still be between queries: wait until the pool
      // has been idle for a moment (at most a few seconds) so they finish instead of failing on an ended pool.
      const deadline = Date.now() + 5_000;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (pool.totalCount - pool.idleCount + pool.waitingCount > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 100) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await pool.end();
    },
    listen: (channel, onNotify, onResume) => listenPostgres(connectionString, channel, onNotify, onResume),
  };
}
