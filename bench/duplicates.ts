/**
 * k. Duplicate pairs (issue 26.4): one walk of the scheduled pairs job over every lead, timed.
 *
 *   npx tsx bench/duplicates.ts [--leads 1000000] [--chunk 2000] [--budget <seconds>]
 *
 * Standalone, like bench/bulk.ts, and on the same database (BENCH_BULK_DATABASE_URL, default leadwell_bench_bulk on
 * 127.0.0.1), seeded with scripts/seed-scale.ts when it holds fewer leads than --leads. It runs runDuplicateScan (what
 * the job's handler runs) with a new walk forced: the name lists rebuilt, then every lead in chunks, each chunk one
 * transaction storing its pairs and the cursor. With --budget the walk stops there, as a scheduled run does at its
 * budget, and the rest of the walk is estimated from the rate so far. Results: bench/results/duplicates.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows } from "../server/src/db/raw-rows";
import { runDuplicateScan, DUPLICATE_SCAN_CHUNK } from "../server/src/modules/leads/lead-duplicates.jobs";
import { arg, int, openSeededRuntime, seconds } from "./standalone-db";

const LEADS = arg("leads", 1_000_000);
const CHUNK = arg("chunk", DUPLICATE_SCAN_CHUNK);
const BUDGET = arg("budget", 0);
async function main() {
  const { rt, db, total } = await openSeededRuntime(LEADS);
  try {
    const load = os.loadavg().map((n) => n.toFixed(2)).join(" ");
    // A walk left unfinished by an earlier run is forgotten, so the timed one starts from the first lead.
    await db.execute(sql`UPDATE lead_duplicate_scan SET cursor_id = 0, started_at = NULL, finished_at = NULL WHERE id = 1`);

    console.log(`Walking ${int(total)} leads in chunks of ${int(CHUNK)}${BUDGET ? `, for at most ${BUDGET} s` : ""}`);
    const start = process.hrtime.bigint();
    let last = start;
    const result = await runDuplicateScan(db, {
      force: true,
      chunk: CHUNK,
      budgetMs: BUDGET ? BUDGET * 1000 : Number.MAX_SAFE_INTEGER,
      onChunk: (done) => {
        if (seconds(last) >= 30) {
          last = process.hrtime.bigint();
          console.log(`  ${int(done.leads)} leads, ${int(done.pairs)} pairs, ${seconds(start).toFixed(0)} s`);
        }
      },
    });
    const walkSeconds = seconds(start);
    const [counts] = await rawRows<{ pairs: number; names: number; b: number; o: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM lead_duplicate_pairs)::int AS pairs, (SELECT count(*) FROM lead_duplicate_names)::int AS names,
                 (SELECT count(*) FROM lead_duplicate_names WHERE kind = 'b')::int AS b, (SELECT count(*) FROM lead_duplicate_names WHERE kind = 'o')::int AS o`,
    );
    const byReason = await rawRows<{ reason: string; n: number }>(
      db,
      sql`SELECT r AS reason, count(*)::int AS n FROM lead_duplicate_pairs, unnest(reasons) r GROUP BY 1 ORDER BY 2 DESC`,
    );
    const rate = result.leads / Math.max(walkSeconds - result.namesSeconds, 1e-9);
    const finished = result.outcome === "finished";
    const estimate = finished ? walkSeconds : result.namesSeconds + total / rate;
    const table = [
      "| k. duplicate pairs walk | leads | time | leads/s | pairs |",
      "|---|---:|---:|---:|---:|",
      `| name lists rebuilt (${int(counts!.b)} business names, ${int(counts!.o)} owner names per company domain) | ${int(total)} | ${result.namesSeconds.toFixed(1)} s | | |`,
      `| chunks of ${int(CHUNK)} (${int(result.chunks)} chunks) | ${int(result.leads)} | ${(walkSeconds - result.namesSeconds).toFixed(1)} s | ${int(rate)} | ${int(result.pairs)} stored |`,
      `| whole walk${finished ? "" : " (estimated from the rate)"} | ${int(total)} | ${finished ? "" : "≈ "}${(estimate / 60).toFixed(1)} min | | ${int(counts!.pairs)} in the table |`,
    ].join("\n");
    const reasons = byReason.map((r) => `${r.reason} ${int(r.n)}`).join(", ");
    const [{ v: pgVersion } = { v: "?" }] = await rawRows<{ v: string }>(db, sql`SELECT current_setting('server_version') AS v`);
    const loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(" ");
    const context = `${new Date().toISOString()} · ${int(total)} leads · Node ${process.version} · PostgreSQL ${pgVersion} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · load average before the run: ${load}, after it: ${loadAfter} (other sessions' tests may share the machine)`;
    console.log(`\n${table}\n\nPairs by reason: ${reasons}\n\n${context}`);
    const dir = path.join(import.meta.dirname, "results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "duplicates.md"),
      `# Duplicate pairs job (issue 26.4)\n\n${context}\n\n\`npx tsx bench/duplicates.ts --leads ${LEADS} --chunk ${CHUNK}${BUDGET ? ` --budget ${BUDGET}` : ""}\`: runDuplicateScan (the scheduled job's handler) with a new walk forced. Pairs by reason: ${reasons}.\n\n${table}\n`,
    );
  } finally {
    await rt.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
