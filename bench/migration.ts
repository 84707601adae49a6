import { execFileSync } from "node:child_process";
import { createWriteStream, openAsBlob, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Scenario g: a CSV of `rows` new leads imported through the API (upload, then the import job, until the migration
 * is completed), against the same file loaded with `psql \copy` into an equivalent table (the leads table's columns,
 * indexes and constraints, `LIKE leads INCLUDING ALL`, plus a revenue column), with the server's peak RSS sampled
 * from /proc while the API side runs. The imported leads and the scratch table are deleted afterwards.
 */
export interface MigrationStats {
  rows: number;
  fileBytes: number;
  uploadSeconds: number;
  apiSeconds: number;
  copySeconds: number;
  imported: number;
  errors: number;
  peakRssBytes: number | null;
  status: string;
}

const CSV_HEADER = "name,email,company,phone,industry,revenue\n";
const INDUSTRIES = ["technology", "healthcare", "finance", "retail", "manufacturing", "other"];

async function writeCsv(file: string, rows: number, domain: string): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write(CSV_HEADER);
  let batch = "";
  for (let i = 0; i < rows; i++) {
    // A few quoted cells with commas and doubled quotes, as exports from other CRMs have them.
    const company = i % 10 === 0 ? `"Company ${i}, ""Holdings"" Ltd"` : `Company ${i}`;
    batch += `Person${i} Surname${i % 997},lead${i}@${domain},${company},+1 555 ${String(i % 10_000).padStart(4, "0")},${INDUSTRIES[i % 6]},${(i % 50_000) * 3}.50\n`;
    if (batch.length > 1 << 16) {
      await write(batch);
      batch = "";
    }
  }
  await write(batch);
  out.end();
  await once(out, "finish");
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

export async function runMigrationBench(options: { base: string; databaseUrl: string; headers: Record<string, string>; serverPid: number; rows: number }): Promise<MigrationStats> {
  const domain = `mig${Date.now().toString(36)}.bench`;
  const file = path.join(tmpdir(), `leadwell-bench-${domain}.csv`);
  console.log(`\ng. CSV migration: writing ${options.rows.toLocaleString("en")} rows to ${file}`);
  const fileBytes = await writeCsv(file, options.rows, domain);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  let peak: number | null = rssOf(options.serverPid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const rss = rssOf(options.serverPid);
      if (rss !== null) peak = Math.max(peak ?? 0, rss);
      await sleep(100);
    }
  })();
  // Leads created from here on have higher ids: the cleanup deletes them by id range, batch by batch.
  const idsAbove = Number((await pool.query<{ id: string }>("SELECT coalesce(max(id), 0)::text AS id FROM leads")).rows[0]!.id);
  try {
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

    await pool.query("DROP TABLE IF EXISTS bench_migration_copy");
    await pool.query("CREATE TABLE bench_migration_copy (LIKE leads INCLUDING ALL)");
    await pool.query("ALTER TABLE bench_migration_copy ALTER COLUMN business_owner_last_name SET DEFAULT '', ADD COLUMN revenue numeric(14, 2)");
    const copyStarted = performance.now();
    execFileSync(
      "psql",
      [
        options.databaseUrl,
        "-v",
        "ON_ERROR_STOP=1",
        "-c",
        `\\copy bench_migration_copy (business_owner_name, email, business_name, phone_number, industry, revenue) FROM '${file}' WITH (FORMAT csv, HEADER true)`,
      ],
      { stdio: "inherit" },
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    console.log(`  psql \\copy: ${copySeconds.toFixed(1)} s`);
    return { rows: options.rows, fileBytes, uploadSeconds, apiSeconds, copySeconds, imported: migration.imported, errors: migration.errors, peakRssBytes: peak, status: migration.status };
  } finally {
    sampling = false;
    await sampler;
    console.log("  cleaning up: the imported leads and the scratch table");
    await pool.query("DROP TABLE IF EXISTS bench_migration_copy").catch(() => undefined);
    await deleteImported(pool, idsAbove, domain).catch((error: unknown) => console.warn("  cleanup failed:", error));
    await pool.end();
    rmSync(file, { force: true });
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

export function migrationTable(stats: MigrationStats): string {
  const ratio = stats.apiSeconds / stats.copySeconds;
  const rss = stats.peakRssBytes === null ? "?" : `${(stats.peakRssBytes / 2 ** 20).toFixed(0)} MB`;
  const met = stats.status === "completed" && stats.apiSeconds <= 30 && (stats.peakRssBytes ?? 0) < 300 * 2 ** 20 ? "yes" : "no";
  return [
    "| g. CSV migration | rows | file | API (upload + import) | of which upload + staging | psql \\copy | API/copy time | server peak RSS | targets | met |",
    "|---|---|---|---|---|---|---|---|---|---|",
    `| ${stats.status}, ${stats.imported.toLocaleString("en")} imported, ${stats.errors} errors | ${stats.rows.toLocaleString("en")} | ${(stats.fileBytes / 1e6).toFixed(0)} MB | ` +
      `${stats.apiSeconds.toFixed(1)} s | ${stats.uploadSeconds.toFixed(1)} s | ${stats.copySeconds.toFixed(1)} s | ${ratio.toFixed(1)}× | ${rss} | ≤ 30 s, < 300 MB | ${met} |`,
  ].join("\n");
}
