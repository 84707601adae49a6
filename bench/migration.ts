import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createReadStream, createWriteStream, mkdirSync, openAsBlob, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse";
import pg from "pg";
import { openDatabase } from "../server/src/db/client";
import type { ImportTimings } from "../server/src/modules/migration/migration.service";
import { countLeads, seedScale } from "../scripts/seed-scale";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import { arg, freePort } from "./cli";

/**
 * Scenario g: a CSV of `rows` new leads imported through the API (upload, then the import job, until the migration
 * is completed), against the same file loaded with `psql \copy` into a copy of the leads table in the same run: the
 * leads table's columns, indexes and constraints (`LIKE leads INCLUDING ALL`, plus a revenue column) and its insert
 * triggers (counters, timeline, assignee), in a transaction rolled back afterwards so the counters and the timeline
 * keep nothing of it. The server's RSS is sampled from /proc every 100 ms while the API side runs. Where the import's
 * time goes is read from the import job's own timings (its output, kept by pg-boss), the trigger functions' time
 * (pg_stat_user_functions, with track_functions = 'pl' on the bench's database) and a parse of the file alone in this
 * process. The imported leads and the scratch table are deleted afterwards.
 */
export interface MigrationStats {
  rows: number;
  fileBytes: number;
  uploadSeconds: number;
  apiSeconds: number;
  copySeconds: number;
  /** `\copy` into the leads table itself (the target's raw side), and the VACUUM after it. */
  copyIntoLeadsSeconds: number;
  vacuumSeconds: number;
  imported: number;
  errors: number;
  peakRssBytes: number | null;
  status: string;
  /** Parsing the file alone with csv-parse in the bench's process (what the upload's parse costs at the least). */
  parseSeconds: number;
  /** The import job's runs, summed (null when pg-boss no longer holds them). */
  timings: ImportTimings | null;
  /** Time spent in each PL/pgSQL function during the API side (triggers), ms; empty without track_functions. */
  functionMs: Record<string, number>;
  /** The same during the \copy. */
  copyFunctionMs: Record<string, number>;
  /** Rows the API side wrote besides the leads: KPI records and timeline entries. */
  kpiRows: number;
  timelineRows: number;
}

const CSV_HEADER = "name,email,company,phone,industry,revenue\n";
const TWIN_HEADER = "first,last,email,company,phone,industry\n";
const INDUSTRIES = ["technology", "healthcare", "finance", "retail", "manufacturing", "other"];

/**
 * Writes the file the import gets, and its twin for `\copy` into the leads table itself: the same leads with the name
 * already split into the owner's name and last name (as the import splits it) and no revenue column (leads has none).
 */
async function writeCsv(file: string, twin: string, rows: number, domain: string): Promise<number> {
  const out = createWriteStream(file);
  const twinOut = createWriteStream(twin);
  let bytes = 0;
  const write = async (text: string, twinText: string) => {
    bytes += Buffer.byteLength(text);
    const drained = [out.write(text) ? null : once(out, "drain"), twinOut.write(twinText) ? null : once(twinOut, "drain")];
    await Promise.all(drained);
  };
  await write(CSV_HEADER, TWIN_HEADER);
  let batch = "";
  let twinBatch = "";
  for (let i = 0; i < rows; i++) {
    // A few quoted cells with commas and doubled quotes, as exports from other CRMs have them.
    const company = i % 10 === 0 ? `"Company ${i}, ""Holdings"" Ltd"` : `Company ${i}`;
    const rest = `lead${i}@${domain},${company},+1 555 ${String(i % 10_000).padStart(4, "0")},${INDUSTRIES[i % 6]}`;
    batch += `Person${i} Surname${i % 997},${rest},${(i % 50_000) * 3}.50\n`;
    twinBatch += `Person${i},Surname${i % 997},${rest}\n`;
    if (batch.length > 1 << 16) {
      await write(batch, twinBatch);
      batch = "";
      twinBatch = "";
    }
  }
  await write(batch, twinBatch);
  out.end();
  twinOut.end();
  await Promise.all([once(out, "finish"), once(twinOut, "finish")]);
  return bytes;
}

/** The server's resident set size now, from /proc (Linux); null elsewhere. */
function rssOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Time in each PL/pgSQL function so far (track_functions = 'pl'), read afresh. */
async function functionTimes(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ name: string; ms: number }>("SELECT funcname AS name, total_time::float8 AS ms FROM pg_stat_user_functions");
  return new Map(rows.map((row) => [row.name, row.ms]));
}

const functionDelta = (before: Map<string, number>, after: Map<string, number>) =>
  Object.fromEntries(
    [...after]
      .map(([name, ms]) => [name, ms - (before.get(name) ?? 0)] as const)
      .filter(([, ms]) => ms >= 1)
      .sort((a, b) => b[1] - a[1]),
  );

/** Parses the file with csv-parse as the upload does (records only), to tell Node's parse from the staging writes. */
async function parseOnly(file: string): Promise<number> {
  const started = performance.now();
  const parser = createReadStream(file).pipe(parse({ relax_quotes: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: ["\r\n", "\n", "\r"] }));
  for await (const _record of parser) void _record;
  return (performance.now() - started) / 1000;
}

/** `\copy` of the file into a copy of leads with its indexes and insert triggers, rolled back; its time in seconds. */
function copyIntoLeadsCopy(databaseUrl: string, file: string): number {
  const prepare = [
    "DROP TABLE IF EXISTS bench_migration_copy",
    "CREATE TABLE bench_migration_copy (LIKE leads INCLUDING ALL)",
    "ALTER TABLE bench_migration_copy ALTER COLUMN business_owner_last_name SET DEFAULT '', ADD COLUMN revenue numeric(14, 2)",
    // The leads table's insert triggers on the copy, firing the same functions on its rows.
    `DO $$ DECLARE t record; BEGIN
       FOR t IN SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgrelid = 'leads'::regclass AND NOT tgisinternal AND (tgtype & 4) <> 0 LOOP
         EXECUTE replace(t.def, ' ON public.leads ', ' ON bench_migration_copy ');
       END LOOP;
     END $$`,
  ];
  execFileSync("psql", [databaseUrl, "-q", "-v", "ON_ERROR_STOP=1", ...prepare.flatMap((statement) => ["-c", statement])], { stdio: "inherit" });
  const started = performance.now();
  execFileSync(
    "psql",
    [
      databaseUrl,
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "-c",
      "BEGIN",
      "-c",
      `\\copy bench_migration_copy (business_owner_name, email, business_name, phone_number, industry, revenue) FROM '${file}' WITH (FORMAT csv, HEADER true)`,
      "-c",
      "ROLLBACK",
    ],
    { stdio: "inherit" },
  );
  return (performance.now() - started) / 1000;
}

/** The tables an import writes, vacuumed before each side is measured (not counted). */
const VACUUMED_TABLES = "leads, lead_timeline, kpi_metrics, migration_chunks, event_outbox";

/**
 * `\copy` of the twin file into the leads table itself, with its million leads, its indexes and its triggers, in a
 * transaction rolled back: the target's raw side ("into the same table"). Its time in seconds, then VACUUM's, which
 * clears the rolled-back rows before the import writes into the table (their index entries would slow it otherwise), with
 * the other tables the import writes.
 */
function copyIntoLeads(databaseUrl: string, twin: string): { copySeconds: number; vacuumSeconds: number } {
  const psql = (...commands: string[]) =>
    execFileSync("psql", [databaseUrl, "-q", "-v", "ON_ERROR_STOP=1", ...commands.flatMap((command) => ["-c", command])], { stdio: "inherit" });
  const started = performance.now();
  psql("BEGIN", `\\copy leads (business_owner_name, business_owner_last_name, email, business_name, phone_number, industry) FROM '${twin}' WITH (FORMAT csv, HEADER true)`, "ROLLBACK");
  const copySeconds = (performance.now() - started) / 1000;
  const vacuumStarted = performance.now();
  // The rolled-back rows, and the tables the import writes besides (a server without autovacuum keeps dead rows).
  psql(`VACUUM (ANALYZE) ${VACUUMED_TABLES}`);
  return { copySeconds, vacuumSeconds: (performance.now() - vacuumStarted) / 1000 };
}

/** The import job's timings, summed over its runs (each run returns its own; pg-boss keeps them as the job's output). */
async function importTimings(pool: pg.Pool, migrationId: number): Promise<ImportTimings | null> {
  const archive = (await pool.query<{ t: string | null }>("SELECT to_regclass('pgboss.archive')::text AS t")).rows[0]?.t;
  const { rows } = await pool.query<{ output: ImportTimings | null }>(
    `SELECT output FROM pgboss.job WHERE name = 'migration.import' AND data->>'migrationId' = $1 AND state = 'completed'` +
      (archive ? ` UNION ALL SELECT output FROM pgboss.archive WHERE name = 'migration.import' AND data->>'migrationId' = $1 AND state = 'completed'` : ""),
    [String(migrationId)],
  );
  const outputs = rows.map((row) => row.output).filter((output): output is ImportTimings => output !== null && typeof output === "object" && "chunks" in output);
  if (outputs.length === 0) return null;
  const sum = { ...outputs[0]! };
  for (const output of outputs.slice(1)) for (const key of Object.keys(sum) as (keyof ImportTimings)[]) sum[key] += output[key];
  return sum;
}

export async function runMigrationBench(options: { base: string; databaseUrl: string; headers: Record<string, string>; serverPid: number; rows: number }): Promise<MigrationStats> {
  const domain = `mig${Date.now().toString(36)}.bench`;
  const file = path.join(tmpdir(), `leadwell-bench-${domain}.csv`);
  const twin = path.join(tmpdir(), `leadwell-bench-${domain}.split.csv`);
  console.log(`\ng. CSV migration: writing ${options.rows.toLocaleString("en")} rows to ${file}`);
  const fileBytes = await writeCsv(file, twin, options.rows, domain);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  let sampling = false;
  let sampler: Promise<void> = Promise.resolve();
  // Leads created from here on have higher ids: the cleanup deletes them by id range, batch by batch.
  const idsAbove = Number((await pool.query<{ id: string }>("SELECT coalesce(max(id), 0)::text AS id FROM leads")).rows[0]!.id);
  try {
    // Both sides start from tables without dead rows: a server without autovacuum (this machine's) keeps every earlier
    // run's deleted leads and KPI records otherwise, and whichever side ran first would walk them.
    await pool.query(`VACUUM (ANALYZE) ${VACUUMED_TABLES}`);
    // The \copy first, rolled back: the import then writes into the table as it was.
    console.log("  psql \\copy into a copy of leads (its indexes and insert triggers), rolled back");
    const beforeCopy = await functionTimes(pool);
    const copySeconds = copyIntoLeadsCopy(options.databaseUrl, file);
    await sleep(1_000);
    const copyFunctionMs = functionDelta(beforeCopy, await functionTimes(pool));
    console.log(`  psql \\copy: ${copySeconds.toFixed(1)} s`);
    await pool.query("DROP TABLE IF EXISTS bench_migration_copy");
    console.log("  psql \\copy into leads itself (its million leads, indexes and triggers), rolled back; then VACUUM");
    const intoLeads = copyIntoLeads(options.databaseUrl, twin);
    console.log(`  psql \\copy into leads: ${intoLeads.copySeconds.toFixed(1)} s; VACUUM ${intoLeads.vacuumSeconds.toFixed(1)} s`);
    const parseSeconds = await parseOnly(file);
    console.log(`  csv-parse of the file alone: ${parseSeconds.toFixed(1)} s`);

    const timelineBefore = Number((await pool.query<{ n: string }>("SELECT coalesce(max(id), 0)::text AS n FROM lead_timeline")).rows[0]!.n);
    const beforeApi = await functionTimes(pool);
    let peak: number | null = rssOf(options.serverPid);
    sampling = true;
    sampler = (async () => {
      while (sampling) {
        const rss = rssOf(options.serverPid);
        if (rss !== null) peak = Math.max(peak ?? 0, rss);
        await sleep(100);
      }
    })();
    console.log(`  API: POST /api/migration/import-csv (${(fileBytes / 1e6).toFixed(0)} MB), then polling until completed`);
    const started = performance.now();
    const form = new FormData();
    form.append("userEmail", "bench@leadwell.test");
    // openAsBlob reads the file from disk as it is sent: the bench does not hold it either.
    form.append("csvFile", await openAsBlob(file, { type: "text/csv" }), "bench-leads.csv");
    const res = await fetch(`${options.base}/api/migration/import-csv`, { method: "POST", headers: options.headers, body: form });
    const body = (await res.json()) as { id: number; status: string };
    if (res.status !== 202) throw new Error(`import-csv answered ${res.status}: ${JSON.stringify(body)}`);
    const uploadSeconds = (performance.now() - started) / 1000;
    console.log(`  uploaded and staged in ${uploadSeconds.toFixed(1)} s; importing`);
    let migration: { status: string; imported: number; errors: number; recordsProcessed: number } = { status: "in_progress", imported: 0, errors: 0, recordsProcessed: 0 };
    let lastReport = 0;
    while (migration.status === "in_progress") {
      await sleep(250);
      migration = (await (await fetch(`${options.base}/api/migration/${body.id}`, { headers: options.headers })).json()) as typeof migration;
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        console.log(`    ${migration.recordsProcessed.toLocaleString("en")} rows processed`);
      }
    }
    const apiSeconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    console.log(`  API: ${migration.status}, ${migration.imported.toLocaleString("en")} imported, ${migration.errors} errors in ${apiSeconds.toFixed(1)} s; peak RSS ${peak ? (peak / 2 ** 20).toFixed(0) : "?"} MB`);
    await sleep(1_000);
    const functionMs = functionDelta(beforeApi, await functionTimes(pool));
    const timings = await importTimings(pool, body.id);
    const counted = (
      await pool.query<{ kpi: string; timeline: string }>(
        `SELECT (SELECT count(*) FROM kpi_metrics k JOIN leads l ON l.id = k.lead_id WHERE l.id > $1 AND l.email LIKE $2)::text AS kpi,
                (SELECT count(*) FROM lead_timeline WHERE id > $3)::text AS timeline`,
        [idsAbove, `%@${domain}`, timelineBefore],
      )
    ).rows[0]!;
    return {
      rows: options.rows,
      fileBytes,
      uploadSeconds,
      apiSeconds,
      copySeconds,
      copyIntoLeadsSeconds: intoLeads.copySeconds,
      vacuumSeconds: intoLeads.vacuumSeconds,
      imported: migration.imported,
      errors: migration.errors,
      peakRssBytes: peak,
      status: migration.status,
      parseSeconds,
      timings,
      functionMs,
      copyFunctionMs,
      kpiRows: Number(counted.kpi),
      timelineRows: Number(counted.timeline),
    };
  } finally {
    sampling = false;
    await sampler;
    console.log("  cleaning up: the imported leads and the scratch table");
    await pool.query("DROP TABLE IF EXISTS bench_migration_copy").catch(() => undefined);
    await deleteImported(pool, idsAbove, domain).catch((error: unknown) => console.warn("  cleanup failed:", error));
    // The database is left as it was found: on a server without autovacuum (this bench's), the million deleted leads
    // would otherwise stay as dead entries at the new end of every creation-order index, and each later run's searches
    // walking newest first would cross them all before their first live lead (b read 5x slower after a g run).
    await pool.query(`VACUUM (ANALYZE) ${VACUUMED_TABLES}`).catch((error: unknown) => console.warn("  vacuum failed:", error));
    await pool.end();
    rmSync(file, { force: true });
    rmSync(twin, { force: true });
  }
}

/**
 * Deletes the imported leads 10,000 at a time, each batch its own statement. One statement for all of them took hours:
 * each lead's BEFORE DELETE trigger updates its industry's row of industry_kpi_totals, and within one statement every
 * update walks the versions the earlier ones left of that row (left as it is in the product, which deletes leads one
 * by one; see the closing note).
 */
async function deleteImported(pool: pg.Pool, idsAbove: number, domain: string): Promise<void> {
  const highest = Number((await pool.query<{ id: string }>("SELECT coalesce(max(id), 0)::text AS id FROM leads")).rows[0]!.id);
  for (let from = idsAbove; from < highest; from += 10_000) {
    await pool.query("DELETE FROM leads WHERE id > $1 AND id <= $2 AND email LIKE $3", [from, from + 10_000, `%@${domain}`]);
  }
}

const TARGET_RATIO = 1.3;
const TARGET_RSS = 300 * 2 ** 20;

/**
 * The target's ratio is against `\copy` into the same table (the leads table itself, rolled back); the ratio against
 * an empty copy of it (the issue's first figure) is given beside it.
 */
export function migrationTable(stats: MigrationStats): string {
  const ratio = stats.apiSeconds / stats.copyIntoLeadsSeconds;
  const emptyRatio = stats.apiSeconds / stats.copySeconds;
  const rss = stats.peakRssBytes === null ? "?" : `${(stats.peakRssBytes / 2 ** 20).toFixed(0)} MB`;
  const met = stats.status === "completed" && ratio <= TARGET_RATIO && (stats.peakRssBytes ?? 0) < TARGET_RSS ? "yes" : "no";
  return [
    "| g. CSV migration | rows | file | API (upload + import) | of which upload + staging | psql \\copy into leads | API/copy | \\copy into an empty copy | API/copy | server peak RSS | targets | met |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    `| ${stats.status}, ${stats.imported.toLocaleString("en")} imported, ${stats.errors} errors | ${stats.rows.toLocaleString("en")} | ${(stats.fileBytes / 1e6).toFixed(0)} MB | ` +
      `${stats.apiSeconds.toFixed(1)} s | ${stats.uploadSeconds.toFixed(1)} s | ${stats.copyIntoLeadsSeconds.toFixed(1)} s | ${ratio.toFixed(2)}× | ${stats.copySeconds.toFixed(1)} s | ${emptyRatio.toFixed(2)}× | ` +
      `${rss} | ≤ ${TARGET_RATIO}× \\copy into leads, < 300 MB | ${met} |`,
  ].join("\n");
}

const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where the import's time went, beside the \copy's: the job's own timings and the trigger functions'. */
export function migrationBreakdown(stats: MigrationStats): string {
  const lines: string[] = [];
  const t = stats.timings;
  const importSeconds = stats.apiSeconds - stats.uploadSeconds;
  lines.push("| part of the import | time | note |", "|---|---|---|");
  lines.push(`| upload + staging (POST until 202) | ${stats.uploadSeconds.toFixed(1)} s | the file parsed in Node and written to migration_chunks; csv-parse of the file alone in the bench's process: ${stats.parseSeconds.toFixed(1)} s |`);
  lines.push(`| import job (202 until completed) | ${importSeconds.toFixed(1)} s | ${t ? `${t.chunks} chunks, ${t.rows.toLocaleString("en")} rows` : "the job's timings were not found"} |`);
  if (t) {
    lines.push(`| · read staged chunks | ${s1(t.readMs)} | overlaps the writes |`);
    lines.push(`| · validate in Node | ${s1(t.validateMs)} | overlaps the writes |`);
    lines.push(`| · writes waiting for the next validated chunk | ${s1(t.waitMs)} | what validation adds to the job's time |`);
    lines.push(`| · INSERT into leads (jsonb_to_recordset, its indexes and insert triggers) | ${s1(t.insertLeadsMs)} | |`);
    if (t.updateLeadsMs > 0) lines.push(`| · UPDATE of existing leads | ${s1(t.updateLeadsMs)} | |`);
    lines.push(`| · KPI rows (kpi_metrics upsert and its triggers) | ${s1(t.kpiMs)} | ${stats.kpiRows.toLocaleString("en")} KPI records |`);
    lines.push(`| · referrals | ${s1(t.referralsMs)} | |`);
    lines.push(`| · likely duplicates (each new lead's phone number looked up) | ${s1(t.duplicatesMs)} | |`);
    lines.push(`| · row errors | ${s1(t.rowErrorsMs)} | |`);
    lines.push(`| · a chunk waiting for the one before it to commit | ${s1(t.orderMs ?? 0)} | two chunks are written at once on PostgreSQL: the times above are summed over both |`);
    lines.push(`| · each chunk's transaction otherwise (lock, counters, commit) | ${s1(t.transactionMs)} | |`);
  }
  lines.push(`| psql \\copy into leads itself, for comparison | ${stats.copyIntoLeadsSeconds.toFixed(1)} s | its million leads, all its indexes and triggers; rolled back, then VACUUM (${stats.vacuumSeconds.toFixed(1)} s, not counted) |`);
  lines.push(`| psql \\copy into an empty copy of leads | ${stats.copySeconds.toFixed(1)} s | the leads' columns plus revenue, same indexes and insert triggers, no rows before |`);
  const fn = (record: Record<string, number>) =>
    Object.entries(record)
      .slice(0, 8)
      .map(([name, ms]) => `${name} ${s1(ms)}`)
      .join(", ") || "none recorded";
  lines.push("", `Trigger functions (pg_stat_user_functions), import: ${fn(stats.functionMs)}. \\copy: ${fn(stats.copyFunctionMs)}.`);
  lines.push(`Rows the import wrote besides the leads: ${stats.kpiRows.toLocaleString("en")} KPI records, ${stats.timelineRows.toLocaleString("en")} timeline entries.`);
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Standalone: `npx tsx bench/migration.ts [--rows 1000000] [--leads 1000000]`, the import alone, on its own database.

const root = fileURLToPath(new URL("..", import.meta.url));
const ADMIN = { email: "bench-admin@leadwell.test", password: "bench-admin-password-not-secret" };

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const log = createWriteStream(path.join(tmpdir(), "leadwell-bench-import-server.log"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/main.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DB_POOL_MAX: "10", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: "Benchmark" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}; see ${tmpdir()}/leadwell-bench-import-server.log`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) return child;
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error("The server did not answer /api/health within 120 s");
}

async function main() {
  const rows = arg("rows", 1_000_000);
  const leads = arg("leads", 1_000_000);
  const server = "postgres://postgres@127.0.0.1:5432";
  const databaseUrl = process.env.BENCH_IMPORT_DATABASE_URL || `${server}/leadwell_bench_import`;
  if (!process.env.BENCH_IMPORT_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    if (!(await admin.query("SELECT 1 FROM pg_database WHERE datname = 'leadwell_bench_import'")).rowCount) await admin.query("CREATE DATABASE leadwell_bench_import");
    // The trigger functions' time, for the breakdown (new sessions take it up).
    await admin.query("ALTER DATABASE leadwell_bench_import SET track_functions = 'pl'");
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl, dataDir: null, poolMax: 4 });
  try {
    await handle.migrate();
    const have = await countLeads(handle.db);
    if (have < leads) await seedScale(handle.db, { leads: leads - have, log: (line) => console.log(line) });
  } finally {
    await handle.close();
  }
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: root, stdio: "inherit" });
  const port = await freePort();
  const child = await startServer(databaseUrl, port);
  const base = `http://127.0.0.1:${port}`;
  const loadBefore = os.loadavg();
  let stats: MigrationStats;
  try {
    const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("leadwell_session="));
    if (!login.ok || !cookie) throw new Error(`Sign-in failed: ${login.status}`);
    stats = await runMigrationBench({ base, databaseUrl, headers: { cookie: cookie.split(";")[0]! }, serverPid: child.pid!, rows });
  } finally {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(30_000)]);
  }
  const loadAfter = os.loadavg();
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const context =
    `${new Date().toISOString()} · code ${commit} (+ uncommitted changes when the note says so) · Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "?"} · ` +
    `load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after (the machine is shared)`;
  const text = `## Run ${new Date().toISOString()}\n\n${context}\n\n${migrationTable(stats)}\n\n${migrationBreakdown(stats)}\n`;
  console.log(`\n${text}`);
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "import-latest.md"), text);
  console.log("Written: bench/results/import-latest.md");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
