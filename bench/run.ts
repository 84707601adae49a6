// `npm run bench`: the leads API under load against PostgreSQL, next to the same SQL sent straight through a pg Pool.
// Everything stays on 127.0.0.1; every loop is bounded in time and in count. See bench/README.md.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../server/src/db/schema";
import pg from "pg";
import { leadListQuerySchema } from "@contract/leads";
import { reportQuerySchema } from "@contract/reports";
import { searchQuerySchema } from "@contract/search";
import { timelineQuerySchema } from "@contract/timeline";
import { openDatabase, type Database } from "../server/src/db/client";
import { dashboardStats } from "../server/src/modules/dashboard/dashboard.service";
import { leadExportBatches } from "../server/src/db/queries/lead-list";
import { getLead, listLeads } from "../server/src/modules/leads/leads.service";
import { leadTimeline } from "../server/src/modules/timeline/timeline.service";
import { sha256Hex } from "../server/src/lib/crypto";
import { userForApiKey } from "../server/src/modules/api-keys/api-keys.service";
import { findSessionUser } from "../server/src/modules/auth/session.data";
import { runReport } from "../server/src/modules/reports/reports.service";
import { globalSearch } from "../server/src/modules/search/search.service";
import { countLeads, seedScale } from "../scripts/seed-scale";
import { captureStatements, describe, replay, type Statement, type Waves } from "./capture";
import { cpuPerRequest, cpuTotal, readCpu, type CpuPerRequest } from "./cpu";
import { eventsTables, runEventsBench, type EventsStats } from "./events";
import { migrationTable, runMigrationBench, type MigrationStats } from "./migration";
import { leadScopeTable, prepareLeadScope, restoreLeadScope, runLeadScopeBench, signInAgent, type ScopeAgent, type ScopeRow } from "./lead-scope";
import { paletteScenarios } from "./palette";
import { sortScenarios } from "./sorts";
import { prepareTimelineLead, runTimelineWriteBench, TIMELINE_ENTRIES, timelineWriteTable, type TimelineWriteStats } from "./timeline";
import { int, markdownTable, ms, summarize, type LoadStats } from "./stats";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import { freePort } from "./cli";

const root = fileURLToPath(new URL("..", import.meta.url));
const resultsDir = path.join(root, "bench", "results");
const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432";
const DEFAULT_DATABASE = "leadwell_bench";
const ADMIN = { email: "bench-admin@leadwell.test", password: "bench-admin-password-not-secret" };
/** Latency samples kept per run; a run with more still counts every request. */
const MAX_SAMPLES = 3_000_000;
const READY_TIMEOUT_MS = 120_000;
const EXPORT_TIMEOUT_MS = 15 * 60_000;

class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Options

interface Options {
  leads: number;
  duration: number;
  warmup: number;
  connections: number;
  pool: number;
  q: string;
  /** The multi-word search, benchmarked beside the single-word one. */
  words: string;
  auth: "cookie" | "apikey";
  only: Set<string> | null;
  export: boolean;
  /** Domain events in the dispatch throughput burst (scenario f). */
  events: number;
  /** Events in each delivery burst of f: by a webhook endpoint, then by a call_webhook automation. */
  deliveries: number;
  /** Rows in the CSV migration's file (scenario g). */
  migrationRows: number;
}

const HELP = `Usage: npm run bench -- [options]
  --leads N          leads the bench database must hold (default 1000000; reseeded when it holds fewer)
  --duration S       seconds measured per scenario and side (default 10)
  --warmup S         seconds of unmeasured load before each measurement (default 2)
  --connections N    HTTP connections, and concurrent raw loops (default 32)
  --pool N           DB_POOL_MAX of the server, and the raw pg Pool size (default 10, the app's default)
  --q TERM           search term (default "Núñez"; must occur in the data)
  --words TEXT       multi-word search (default "diego westfield": a first name and a business name; must match)
  --auth cookie|apikey  sign in with a session cookie (default) or an API key (Bearer)
  --only a,b,c,d,e,f,g,h,i,l,m scenarios to run (a page, b search, c dashboard, d report, e export, f domain events, g CSV migration, h lead timeline,
                     i the command palette's first two keystrokes: the first one and two characters of --q,
                     l a restricted agent's leads page and searches beside an administrator's,
                     m every sort of the leads table both ways and its five most common filters)
  --no-export        skip the CSV export
  --events N         domain events in the dispatch throughput burst of f (default 20000)
  --deliveries N     events in each delivery burst of f, by a webhook endpoint and by a call_webhook automation (default 200)
  --migration-rows N rows in the CSV file g imports through the API and with psql \\copy (default 1000000)
Environment: BENCH_DATABASE_URL (default ${DEFAULT_SERVER}/${DEFAULT_DATABASE}, created when missing).`;

function parseOptions(argv: string[]): Options {
  const options: Options = { leads: 1_000_000, duration: 10, warmup: 2, connections: 32, pool: 10, q: "Núñez", words: "diego westfield", auth: "cookie", only: null, export: true, events: 20_000, deliveries: 200, migrationRows: 1_000_000 };
  const number = (flag: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value?.replace(/_/g, ""));
    if (!Number.isFinite(n) || n < min || n > max) throw new BenchError(`${flag} takes a number from ${min} to ${max}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => argv[++i];
    if (arg === "--leads") options.leads = Math.round(number(arg, value(), 1, 20_000_000));
    else if (arg === "--duration") options.duration = number(arg, value(), 1, 120);
    else if (arg === "--warmup") options.warmup = number(arg, value(), 0, 60);
    else if (arg === "--connections") options.connections = Math.round(number(arg, value(), 1, 256));
    else if (arg === "--pool") options.pool = Math.round(number(arg, value(), 1, 100));
    else if (arg === "--q") options.q = value() ?? "";
    else if (arg === "--words") options.words = value() ?? "";
    else if (arg === "--auth") {
      const v = value();
      if (v !== "cookie" && v !== "apikey") throw new BenchError("--auth takes cookie or apikey");
      options.auth = v;
    } else if (arg === "--only") options.only = new Set((value() ?? "").split(",").map((s) => s.trim()));
    else if (arg === "--no-export") options.export = false;
    else if (arg === "--events") options.events = Math.round(number(arg, value(), 1, 1_000_000));
    else if (arg === "--deliveries") options.deliveries = Math.round(number(arg, value(), 1, 10_000));
    else if (arg === "--migration-rows") options.migrationRows = Math.round(number(arg, value(), 1, 10_000_000));
    else if (arg === "--help" || arg === "-h") {
      console.log(HELP);
      process.exit(0);
    } else throw new BenchError(`Unknown option ${arg}\n${HELP}`);
  }
  if (!options.q.trim()) throw new BenchError("--q needs a term");
  if (!options.words.trim()) throw new BenchError("--words needs a search");
  return options;
}

// ---------------------------------------------------------------------------------------------------------------
// Database, build, server

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) {
    throw new BenchError(`The benchmark only talks to 127.0.0.1; BENCH_DATABASE_URL points at ${host}`);
  }
}

async function ensureDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BenchError(`No PostgreSQL server answers at ${serverUrl} (${(error as Error).message}); start one or set BENCH_DATABASE_URL`);
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      console.log(`Created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function ensureSeeded(databaseUrl: string, leads: number): Promise<number> {
  const handle = await openDatabase({ databaseUrl, dataDir: null, poolMax: 4 });
  try {
    await handle.migrate();
    const present = await countLeads(handle.db);
    if (present >= leads) {
      console.log(`The bench database holds ${int(present)} leads (≥ ${int(leads)}): no seeding`);
      return present;
    }
    console.log(`The bench database holds ${int(present)} leads (< ${int(leads)}): reseeding from empty`);
    await seedScale(handle.db, { leads, reset: true, log: (line) => console.log(line) });
    return countLeads(handle.db);
  } finally {
    await handle.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(databaseUrl: string, port: number, poolMax: number): Promise<ChildProcess> {
  mkdirSync(resultsDir, { recursive: true });
  const log = createWriteStream(path.join(resultsDir, "server.log"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DB_POOL_MAX: String(poolMax),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: "Benchmark",
      // Scenario f registers a webhook receiver on 127.0.0.1.
      ALLOW_PRIVATE_WEBHOOKS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new BenchError(`The server exited with code ${child.exitCode}; see bench/results/server.log`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new BenchError(`The server did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s; see bench/results/server.log`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const clean = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
  if (!clean) {
    console.warn("The server did not stop within 30 s of SIGTERM; killing it");
    child.kill("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}

interface BenchAuth {
  headers: Record<string, string>;
  /** The statements the server's sign-in check sends for these credentials, which every API request pays first. */
  capture: (db: Database) => Promise<unknown>;
  cleanup: () => Promise<void>;
}

async function authenticate(base: string, mode: Options["auth"]): Promise<BenchAuth> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) {
    throw new BenchError(
      `Sign-in as ${ADMIN.email} failed (${login.status} ${await login.text()}). The bench database must have been set up by the bench ` +
        `(its first administrator comes from ADMIN_EMAIL/ADMIN_PASSWORD); drop it or point BENCH_DATABASE_URL elsewhere.`,
    );
  }
  const session = login.headers.getSetCookie().find((c) => c.startsWith("leadwell_session="));
  if (!session) throw new BenchError("Sign-in answered without a session cookie");
  const cookie = { cookie: session.split(";")[0]! };
  if (mode === "cookie") {
    // The cookie holds the session token signed as "token.signature"; the server looks the token up by its hash.
    const signed = decodeURIComponent(cookie.cookie.slice("leadwell_session=".length));
    const token = signed.slice(0, signed.lastIndexOf("."));
    return { headers: cookie, capture: (db) => findSessionUser(db, sha256Hex(token)), cleanup: async () => undefined };
  }
  const created = await fetch(`${base}/api/settings/api-keys`, {
    method: "POST",
    headers: { ...cookie, "content-type": "application/json" },
    body: JSON.stringify({ label: `bench ${new Date().toISOString()}`, scope: "read" }),
  });
  if (created.status !== 201) throw new BenchError(`Creating an API key failed (${created.status} ${await created.text()})`);
  const key = (await created.json()) as { id: number; key: string };
  return {
    headers: { authorization: `Bearer ${key.key}` },
    capture: (db) => userForApiKey(db, key.key),
    cleanup: async () => {
      await fetch(`${base}/api/settings/api-keys/${key.id}`, { method: "DELETE", headers: cookie }).catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Load

async function apiLoad(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoadStats> {
  const latencies: number[] = [];
  let failures = 0;
  let completed = 0;
  const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 30, renderProgressBar: false, renderResultsTable: false });
  instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    if (status >= 200 && status < 300) {
      completed++;
      if (latencies.length < MAX_SAMPLES) latencies.push(responseTime);
    } else failures++;
  });
  const result = await instance;
  const stats = summarize(latencies, result.duration, failures + result.errors + result.timeouts);
  return { ...stats, requests: completed, perSecond: completed / result.duration, samples: latencies };
}

async function rawLoad(pool: pg.Pool, waves: Waves, seconds: number, concurrency: number): Promise<LoadStats> {
  const latencies: number[] = [];
  let errors = 0;
  let lastError: unknown;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && latencies.length < MAX_SAMPLES && errors < 100) {
      const t0 = performance.now();
      try {
        await replay(pool, waves);
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors++;
        lastError = error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (errors >= 100) throw new BenchError(`The raw statements keep failing: ${(lastError as Error).message}`);
  return summarize(latencies, (performance.now() - started) / 1000, errors);
}

interface ExportStats {
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rowsPerSecond: number;
}

/** One export request, read to the last byte; rows are the lines after the header. */
function apiExport(url: string, headers: Record<string, string>): Promise<ExportStats> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      const firstByteMs = performance.now() - t0;
      if (res.statusCode !== 200) {
        res.resume();
        reject(new BenchError(`Export answered ${res.statusCode}`));
        return;
      }
      let lines = 0;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on("end", () => {
        const seconds = (performance.now() - t0) / 1000;
        resolve({ rows: lines - 1, bytes, seconds, firstByteMs, rowsPerSecond: (lines - 1) / seconds });
      });
      res.on("error", reject);
    });
    req.setTimeout(EXPORT_TIMEOUT_MS, () => req.destroy(new BenchError("Export took too long")));
    req.on("error", reject);
  });
}

/**
 * The export's raw side: the same data-layer generator (the same keyset statements) run straight over a pg pool,
 * with no HTTP and no CSV formatting.
 */
async function rawExport(pool: pg.Pool, maxRows: number): Promise<ExportStats> {
  const db: Database = drizzle(pool, { schema });
  const t0 = performance.now();
  let firstByteMs = Number.NaN;
  let rows = 0;
  for await (const batch of leadExportBatches(db, {}, "-createdAt")) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - t0;
    rows += batch.length;
    if (rows >= maxRows) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { rows, bytes: 0, seconds, firstByteMs, rowsPerSecond: rows / seconds };
}

/**
 * Waits until no other session on the bench database is running a statement: a slow scenario leaves the server
 * working on requests the load generator already gave up on, which must not weigh on the next measurement.
 */
async function drain(pool: pg.Pool, maxSeconds = 180): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  let quiet = 0;
  let busy = 0;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    busy = rows[0]?.n ?? 0;
    quiet = busy === 0 ? quiet + 1 : 0;
    if (quiet >= 2) return;
    await sleep(250);
  }
  console.warn(`  still ${busy} statement(s) running after ${maxSeconds} s; going on`);
}

/**
 * Keeps the server's hourly duplicate walk (leads.duplicate-pairs, at minute 29 of every hour) from running beside the
 * measurements: on a million leads each run works ten minutes on one core, and a scenario that fell in that window
 * measured a machine half taken (the walk never finishes at 1M, so it resumed every hour). The bench database's walk
 * is marked finished now, which the job reads as "the last walk is recent" and stays idle for the hour; its own time
 * is measured apart, by bench/duplicates.ts (k) on its own database.
 */
async function quietDuplicateWalk(pool: pg.Pool): Promise<void> {
  await pool.query("UPDATE lead_duplicate_scan SET finished_at = now() WHERE id = 1");
}

async function explain(pool: pg.Pool, statement: Statement): Promise<string> {
  const result = await pool.query<{ "QUERY PLAN": string }>({ text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.config.text}` }, statement.params);
  return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  id: string;
  label: string;
  path: string;
  capture: (db: Database) => Promise<unknown>;
  p95Target?: number;
  /** The API's share of the raw statements' throughput it must reach (0.5 unless said). */
  ratioTarget?: number;
  check?: (body: unknown, headers: Headers) => string | null;
}

function scenarios(q: string, words: string, timelineLead: number | null): Scenario[] {
  const today = new Date();
  const yearAgo = new Date(today);
  yearAgo.setUTCFullYear(today.getUTCFullYear() - 1);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const report = { source: "retail", startDate: day(yearAgo), endDate: day(today) };
  const enc = encodeURIComponent;
  return [
    {
      id: "a",
      label: "a. leads page",
      path: "/api/leads?limit=50",
      capture: (db) => listLeads(db, leadListQuerySchema.parse({ limit: "50" })),
      p95Target: 25,
      check: (body) => (Array.isArray(body) && body.length === 50 ? null : "expected 50 leads"),
    },
    ...[q, words].flatMap((term): Scenario[] => [
      {
        id: "b",
        label: `b. search ?q=${term}`,
        path: `/api/search?q=${enc(term)}`,
        // The bench signs in as an administrator, who may read every group.
        capture: (db) => globalSearch(db, searchQuerySchema.parse({ q: term }).q, { tasks: true, articles: true }),
        p95Target: 100,
        check: (body) => ((body as { totals?: { leads?: number } }).totals?.leads ? null : `the search "${term}" matches no lead`),
      },
      {
        id: "b",
        label: `b. leads ?q=${term}`,
        path: `/api/leads?q=${enc(term)}`,
        capture: (db) => listLeads(db, leadListQuerySchema.parse({ q: term })),
        p95Target: 100,
        check: (body) => (Array.isArray(body) && body.length > 0 ? null : `the search "${term}" matches no lead`),
      },
    ]),
    {
      // What an API client asking for whole leads pays (the screens ask for the summary): shown, not a target.
      id: "b",
      label: `b. leads ?q=${q}&view=full`,
      path: `/api/leads?q=${enc(q)}&view=full`,
      capture: (db) => listLeads(db, leadListQuerySchema.parse({ q, view: "full" })),
      check: (body) => (Array.isArray(body) && body.length > 0 && "quizHistory" in (body[0] as object) ? null : `the search "${q}" answered no whole lead`),
    },
    ...paletteScenarios(q),
    {
      id: "c",
      label: "c. dashboard",
      path: "/api/dashboard",
      capture: (db) => dashboardStats(db),
      p95Target: 25,
      check: (body) => ((body as { totalLeads?: number }).totalLeads ? null : "dashboard counts no lead"),
    },
    {
      id: "d",
      label: "d. report retail, 1 year",
      path: `/api/reports?source=${report.source}&startDate=${report.startDate}&endDate=${report.endDate}`,
      capture: (db) => {
        const { limit, offset, ...filter } = reportQuerySchema.parse(report);
        return runReport(db, filter, limit, offset);
      },
      check: (body) => (Array.isArray(body) && body.length > 0 ? null : "the report is empty"),
    },
    ...sortScenarios(),
    ...(timelineLead === null
      ? []
      : [
          {
            id: "h",
            label: `h. lead page: one lead (${int(TIMELINE_ENTRIES)} timeline entries)`,
            path: `/api/leads/${timelineLead}`,
            capture: (db: Database) => getLead(db, timelineLead),
            p95Target: 50,
            ratioTarget: 0.8,
            check: (body: unknown) => ((body as { id?: number }).id === timelineLead ? null : "another lead answered"),
          },
          {
            id: "h",
            label: "h. lead page: first timeline page",
            path: `/api/leads/${timelineLead}/timeline`,
            capture: (db: Database) => leadTimeline(db, timelineLead, timelineQuerySchema.parse({})),
            p95Target: 50,
            ratioTarget: 0.8,
            check: (body: unknown) => ((body as { entries?: unknown[] }).entries?.length === 30 ? null : "expected 30 entries"),
          },
        ]),
  ];
}

// ---------------------------------------------------------------------------------------------------------------

interface Row {
  scenario: Scenario;
  api: LoadStats;
  raw: LoadStats;
  /** CPU per request of each process during the measured runs (bench/cpu.ts); absent off Linux. */
  apiCpu?: CpuPerRequest;
  rawCpu?: CpuPerRequest;
}

const micros = (value: number) => int(value);
const describeCpu = (cpu: CpuPerRequest) => `server ${micros(cpu.server)} µs, PostgreSQL ${micros(cpu.postgres)} µs, client ${micros(cpu.client)} µs`;

/**
 * What one request cost the machine's CPU on each side. On a machine the three processes share, a side's rate is
 * bounded by the sum: the API's bound, without any server at all, would be its load generator plus PostgreSQL.
 */
function cpuTable(rows: Row[]): string | null {
  const measured = rows.filter((row): row is Row & { apiCpu: CpuPerRequest; rawCpu: CpuPerRequest } => Boolean(row.apiCpu && row.rawCpu));
  if (measured.length === 0) return null;
  return markdownTable(
    ["CPU µs per request", "API: server", "API: PostgreSQL", "API: load generator", "API total", "raw: PostgreSQL", "raw: pg client", "raw total", "raw total ÷ API total"],
    measured.map(({ scenario, apiCpu, rawCpu }) => [
      scenario.label,
      micros(apiCpu.server),
      micros(apiCpu.postgres),
      micros(apiCpu.client),
      micros(cpuTotal(apiCpu)),
      micros(rawCpu.postgres),
      micros(rawCpu.client),
      micros(cpuTotal(rawCpu)),
      `${(cpuTotal(rawCpu) / cpuTotal(apiCpu)).toFixed(2)}×`,
    ]),
    [false, true, true, true, true, true, true, true, true],
  );
}

function verdict(ok: boolean[]): string {
  return ok.every(Boolean) ? "yes" : "NO";
}

function resultTables(rows: Row[], exported: { api: ExportStats; raw: ExportStats } | null) {
  const header = ["scenario", "API p50 ms", "API p95 ms", "API req/s", "raw p50 ms", "raw p95 ms", "raw req/s", "API/raw", "targets", "met"];
  const body = rows.map(({ scenario, api, raw }) => {
    const ratio = api.perSecond / raw.perSecond;
    const ratioTarget = scenario.ratioTarget ?? 0.5;
    const targets = [scenario.p95Target ? `p95 ≤ ${scenario.p95Target} ms` : null, `≥ ${ratioTarget}× raw`].filter(Boolean).join(", ");
    const met = verdict([scenario.p95Target ? api.p95 <= scenario.p95Target : true, ratio >= ratioTarget, api.errors === 0]);
    return [scenario.label, ms(api.p50), ms(api.p95), int(api.perSecond), ms(raw.p50), ms(raw.p95), int(raw.perSecond), `${ratio.toFixed(2)}×`, targets, met];
  });
  const right = [false, true, true, true, true, true, true, true, false, false];
  let text = markdownTable(header, body, right);
  if (exported) {
    const ratio = exported.api.rowsPerSecond / exported.raw.rowsPerSecond;
    text +=
      "\n\n" +
      markdownTable(
        ["export", "rows", "API s", "API first byte ms", "API rows/s", "raw s", "raw rows/s", "API/raw", "targets", "met"],
        [
          [
            "e. GET /api/leads/export.csv",
            int(exported.api.rows),
            exported.api.seconds.toFixed(1),
            ms(exported.api.firstByteMs),
            int(exported.api.rowsPerSecond),
            exported.raw.seconds.toFixed(1),
            int(exported.raw.rowsPerSecond),
            `${ratio.toFixed(2)}×`,
            "≥ 100,000 rows/s, ≥ 0.5× raw",
            verdict([exported.api.rowsPerSecond >= 100_000, ratio >= 0.5]),
          ],
        ],
        [false, true, true, true, true, true, true, true, false, false],
      );
  }
  return text;
}

function gitDescription(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() !== "";
    return `${commit}${dirty ? " + uncommitted changes" : ""}`;
  } catch {
    return "unknown";
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const databaseUrl = process.env.BENCH_DATABASE_URL || `${DEFAULT_SERVER}/${DEFAULT_DATABASE}`;
  assertLocal(databaseUrl);
  if (!process.env.BENCH_DATABASE_URL) await ensureDatabase(DEFAULT_SERVER, DEFAULT_DATABASE);
  const totalLeads = await ensureSeeded(databaseUrl, options.leads);

  console.log("Checking the build (node scripts/ensure-build.mjs)");
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: root, stdio: "inherit" });

  const exportWanted = options.export && (!options.only || options.only.has("e"));
  const eventsWanted = !options.only || options.only.has("f");
  const migrationWanted = !options.only || options.only.has("g");
  const timelineWanted = !options.only || options.only.has("h");
  const scopeWanted = !options.only || options.only.has("l");

  // A runaway statement ends after a minute instead of holding the run.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.pool, options: "-c statement_timeout=60000" });
  pool.on("error", () => undefined);
  await quietDuplicateWalk(pool);
  const timelineLead = timelineWanted ? await prepareTimelineLead(pool) : null;
  // The agents are made once the server has made its first administrator (it makes one only while nobody exists).
  let scopeAgent: ScopeAgent | null = null;
  const selected = scenarios(options.q, options.words, timelineLead).filter((s) => !options.only || options.only.has(s.id));
  const captured = new Map<Scenario, Waves>();
  for (const scenario of selected) captured.set(scenario, await captureStatements(pool, scenario.capture));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the built server on ${base} (DB_POOL_MAX=${options.pool})`);
  const server = await startServer(databaseUrl, port, options.pool);
  const onSignal = () => {
    server.kill("SIGTERM");
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const rows: Row[] = [];
  let exported: { api: ExportStats; raw: ExportStats } | null = null;
  let events: EventsStats | null = null;
  let migration: MigrationStats | null = null;
  let timelineWrites: TimelineWriteStats | null = null;
  let scopeRows: ScopeRow[] | null = null;
  const explains: string[] = [];
  let auth: Awaited<ReturnType<typeof authenticate>> | null = null;
  try {
    auth = await authenticate(base, options.auth);
    const signInWaves = await captureStatements(pool, auth.capture);
    for (const scenario of selected) {
      const url = `${base}${scenario.path}`;
      const probe = await fetch(url, { headers: auth.headers });
      const probeBody: unknown = await probe.json();
      if (!probe.ok) throw new BenchError(`${scenario.path} answered ${probe.status}: ${JSON.stringify(probeBody)}`);
      const problem = scenario.check?.(probeBody, probe.headers);
      if (problem) throw new BenchError(`${scenario.path}: ${problem}`);

      // The raw side sends what one API request makes the database do: the sign-in lookup, then the data statements.
      const waves = [...signInWaves, ...captured.get(scenario)!];
      console.log(`\n${scenario.label}: GET ${scenario.path} — ${waves.flat().length} statement(s) in ${waves.length} round(s), sign-in lookup included`);
      if (options.warmup > 0) await apiLoad(url, auth.headers, options.warmup, options.connections);
      const apiBefore = readCpu(server.pid);
      const api = await apiLoad(url, auth.headers, options.duration, options.connections);
      const apiCpu = cpuPerRequest(apiBefore, readCpu(server.pid), api.requests);
      console.log(`  API: p50 ${ms(api.p50)} ms, p95 ${ms(api.p95)} ms, ${int(api.perSecond)} req/s${api.errors ? `, ${api.errors} errors` : ""}`);
      await drain(pool);
      if (options.warmup > 0) await rawLoad(pool, waves, options.warmup, options.connections);
      const rawBefore = readCpu(server.pid);
      const raw = await rawLoad(pool, waves, options.duration, options.connections);
      const rawCpu = cpuPerRequest(rawBefore, readCpu(server.pid), raw.requests);
      await drain(pool);
      console.log(`  raw: p50 ${ms(raw.p50)} ms, p95 ${ms(raw.p95)} ms, ${int(raw.perSecond)} req/s`);
      if (apiCpu && rawCpu) console.log(`  CPU per request: API ${describeCpu(apiCpu)}; raw ${describeCpu(rawCpu)}`);
      rows.push({ scenario, api, raw, apiCpu, rawCpu });
      for (const statement of waves.flat()) {
        explains.push(`## ${scenario.label}\n\n\`\`\`sql\n${describe([[statement]])}\n\`\`\`\n\n\`\`\`\n${await explain(pool, statement)}\n\`\`\``);
      }
    }

    if (exportWanted) {
      console.log(`\ne. export: GET /api/leads/export.csv of ${int(totalLeads)} leads, keyset batches of 5,000`);
      // One unmeasured pass first, so neither side pays for reading the table into the cache.
      await rawExport(pool, totalLeads);
      const api = await apiExport(`${base}/api/leads/export.csv`, auth.headers);
      console.log(`  API: ${int(api.rows)} rows, ${(api.bytes / 1e6).toFixed(0)} MB in ${api.seconds.toFixed(1)} s = ${int(api.rowsPerSecond)} rows/s`);
      const raw = await rawExport(pool, totalLeads);
      console.log(`  raw: ${int(raw.rows)} rows in ${raw.seconds.toFixed(1)} s = ${int(raw.rowsPerSecond)} rows/s`);
      if (api.rows !== raw.rows) console.warn(`  the API exported ${int(api.rows)} rows, the raw statements read ${int(raw.rows)}`);
      exported = { api, raw };
    }

    if (scopeWanted) {
      scopeAgent = await prepareLeadScope(pool);
      console.log("\nl. a restricted agent (agents limited to their own leads) beside the administrator");
      const session = options.auth === "cookie" ? auth : await authenticate(base, "cookie");
      scopeRows = await runLeadScopeBench({
        base,
        adminHeaders: session.headers,
        agentHeaders: await signInAgent(base, scopeAgent),
        q: options.q,
        words: options.words,
        warmup: options.warmup,
        seconds: options.duration,
        load: (url, headers, seconds) => apiLoad(url, headers, seconds, options.connections),
      });
    }

    if (eventsWanted) {
      // Creating leads and a webhook endpoint needs the administrator's session, whatever --auth says.
      const session = options.auth === "cookie" ? auth : await authenticate(base, "cookie");
      events = await runEventsBench({ base, databaseUrl, headers: session.headers, count: options.events, deliveries: options.deliveries });
    }

    if (timelineWanted) {
      const session = options.auth === "cookie" ? auth : await authenticate(base, "cookie");
      timelineWrites = await runTimelineWriteBench({ base, headers: session.headers, pool, seconds: options.duration, concurrency: options.connections });
    }

    if (migrationWanted) {
      const session = options.auth === "cookie" ? auth : await authenticate(base, "cookie");
      migration = await runMigrationBench({ base, databaseUrl, headers: session.headers, serverPid: server.pid!, rows: options.migrationRows });
    }
  } finally {
    if (scopeAgent) await restoreLeadScope(pool, scopeAgent);
    await auth?.cleanup();
    console.log("\nStopping the server");
    await stopServer(server);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await pool.end();
  }

  const versionPool = new pg.Client({ connectionString: databaseUrl });
  await versionPool.connect();
  const pgVersion = (await versionPool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? "?";
  await versionPool.end();

  const tables = [
    rows.length > 0 || exported ? resultTables(rows, exported) : null,
    cpuTable(rows),
    timelineWrites ? timelineWriteTable(timelineWrites) : null,
    scopeRows ? leadScopeTable(scopeRows) : null,
    events ? eventsTables(events) : null,
    migration ? migrationTable(migration) : null,
  ];
  const table = tables.filter(Boolean).join("\n\n");
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const context = [
    `${new Date().toISOString()} · code ${gitDescription()} · Node ${process.version} · PostgreSQL ${pgVersion} · ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
    `${int(totalLeads)} leads · ${options.connections} connections (autocannon) / ${options.connections} concurrent loops (raw), ${options.duration} s each after ${options.warmup} s warm-up · ` +
      `DB_POOL_MAX ${options.pool} for the server and the raw pg Pool · auth: ${options.auth} · server, PostgreSQL and load generator share this machine`,
    `raw = the statements that request makes the database run (the sign-in lookup, then those captured from the service functions), replayed through pg with the same query config; ` +
      `API = the built server (node dist/server/main.js) over HTTP, including sign-in check, validation, mapping and JSON`,
  ];
  console.log(`\n${table}\n\n${context.join("\n")}`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, "latest.md"), `# Leadwell benchmark\n\n${context.map((c) => `${c}  `).join("\n")}\n\n${table}\n`);
  const statements = selected.map((s) => `-- ${s.label}: GET ${s.path}\n${describe(captured.get(s)!)}`);
  writeFileSync(path.join(resultsDir, "statements.sql"), `${statements.join("\n\n")}\n`);
  writeFileSync(path.join(resultsDir, "explain.md"), `# EXPLAIN ANALYZE of the benchmarked statements\n\n${explains.join("\n\n")}\n`);
  console.log(`\nWritten: bench/results/latest.md, statements.sql, explain.md, server.log`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
