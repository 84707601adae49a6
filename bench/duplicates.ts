/**
 * k. Duplicate pairs (issue 26.4): one walk of the scheduled pairs job over every lead, timed.
 *
 *   npx tsx bench/duplicates.ts [--leads 1000000] [--chunk 2000] [--budget <seconds>] [--sample 2000]
 *
 * Standalone, like bench/bulk.ts, and on the same database (BENCH_BULK_DATABASE_URL, default leadwell_bench_bulk on
 * 127.0.0.1), seeded with scripts/seed-scale.ts when it holds fewer leads than --leads. It runs runDuplicateScan (what
 * the job's handler runs) with a new walk forced: the name lists rebuilt, then every lead in chunks, each chunk one
 * transaction storing its pairs and the cursor. Runs follow each other, each stopping at its budget (--budget, the
 * job's own by default) as a scheduled run does, until the walk finishes: the walk's time is their sum, with how many
 * runs it took. Beside it, in the same process afterwards, the raw SQL of the name step's work: the bare trigram
 * search (no writes, one statement) of --sample business names spread over the list, per name, against the walk's
 * own rate per name. Results: bench/results/duplicates.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows } from "../server/src/db/raw-rows";
import { BUSINESS_SIMILARITY } from "../contract/lead-duplicates";
import { runDuplicateScan, DUPLICATE_SCAN_BUDGET_MS, DUPLICATE_SCAN_CHUNK, type DuplicateScanResult } from "../server/src/modules/leads/lead-duplicates.jobs";
import { arg } from "./cli";
import { int, openSeededRuntime, seconds } from "./standalone-db";

const LEADS = arg("leads", 1_000_000);
const CHUNK = arg("chunk", DUPLICATE_SCAN_CHUNK);
const BUDGET = arg("budget", DUPLICATE_SCAN_BUDGET_MS / 1000);
const SAMPLE = arg("sample", 2000);
async function main() {
  const { rt, db, total } = await openSeededRuntime(LEADS);
  try {
    const load = os.loadavg().map((n) => n.toFixed(2)).join(" ");
    // A walk left unfinished by an earlier run is forgotten, so the timed one starts from the first lead.
    await db.execute(sql`UPDATE lead_duplicate_scan SET cursor_id = 0, started_at = NULL, finished_at = NULL WHERE id = 1`);

    console.log(`Walking ${int(total)} leads in chunks of ${int(CHUNK)}, runs of at most ${BUDGET} s`);
    const start = process.hrtime.bigint();
    let last = start;
    const runs: (DuplicateScanResult & { seconds: number })[] = [];
    for (;;) {
      const runStart = process.hrtime.bigint();
      const run = await runDuplicateScan(db, {
        force: runs.length === 0,
        chunk: CHUNK,
        budgetMs: BUDGET * 1000,
        onChunk: (done) => {
          if (seconds(last) >= 30) {
            last = process.hrtime.bigint();
            console.log(`  run ${runs.length + 1}: ${int(done.names)} names, ${int(done.leads)} leads, ${int(done.pairs)} pairs, ${seconds(start).toFixed(0)} s`);
          }
        },
      });
      runs.push({ ...run, seconds: seconds(runStart) });
      console.log(`  run ${runs.length} ${run.outcome} after ${seconds(runStart).toFixed(0)} s: ${int(run.names)} names, ${int(run.leads)} leads`);
      if (run.outcome !== "paused") break;
    }
    const walkSeconds = seconds(start);
    const sum = (pick: (run: DuplicateScanResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
    const namesSeconds = sum((run) => run.namesSeconds);
    const names = sum((run) => run.names);
    const leads = sum((run) => run.leads);
    const [counts] = await rawRows<{ pairs: number; b: number; o: number; similar: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM lead_duplicate_pairs)::int AS pairs, (SELECT count(*) FROM lead_duplicate_similar_names)::int AS similar,
                 (SELECT count(*) FROM lead_duplicate_search_names WHERE kind = 'b')::int AS b, (SELECT count(*) FROM lead_duplicate_search_names WHERE kind = 'o')::int AS o`,
    );
    const byReason = await rawRows<{ reason: string; n: number }>(
      db,
      sql`SELECT r AS reason, count(*)::int AS n FROM lead_duplicate_pairs, unnest(reasons) r GROUP BY 1 ORDER BY 2 DESC`,
    );

    // The raw SQL of the name step: the same trigram search, bare (no batches, no writes), for a sample of the names.
    console.log(`Raw trigram search of ${int(SAMPLE)} business names`);
    const rawStart = process.hrtime.bigint();
    const [raw] = await rawRows<{ names: number; similar: number }>(
      db,
      sql`WITH settings AS MATERIALIZED (SELECT set_config('pg_trgm.similarity_threshold', ${String(BUSINESS_SIMILARITY)}, false)),
          sample AS MATERIALIZED (
            SELECT name FROM (SELECT name, row_number() OVER (ORDER BY name) AS n FROM lead_duplicate_search_names WHERE kind = 'b') numbered
            WHERE n % greatest(1, (SELECT count(*) FROM lead_duplicate_search_names WHERE kind = 'b') / ${SAMPLE}) = 0 LIMIT ${SAMPLE}
          )
          SELECT count(DISTINCT b.name)::int AS names, count(*)::int AS similar
          FROM settings, sample b
          CROSS JOIN LATERAL (SELECT d.name FROM lead_duplicate_search_names d WHERE d.kind = 'b' AND d.name % b.name AND similarity(d.name, b.name) >= ${BUSINESS_SIMILARITY}::real) s`,
    );
    const rawPerName = (seconds(rawStart) * 1000) / Math.max(raw!.names, 1);
    const walkPerName = (namesSeconds * 1000) / Math.max(names, 1);
    const finished = runs.at(-1)!.outcome === "finished";
    const table = [
      "| k. duplicate pairs walk | items | time | rate | |",
      "|---|---:|---:|---:|---|",
      `| name step: lists rebuilt, then similar names searched in batches (${int(counts!.b)} business names, ${int(counts!.o)} owners' names; ${int(counts!.similar)} similar pairs) | ${int(names)} names | ${(namesSeconds / 60).toFixed(1)} min | ${walkPerName.toFixed(1)} ms/name | |`,
      `| raw SQL: the bare trigram search of ${int(raw!.names)} business names in one statement, afterwards | ${int(raw!.names)} names | ${(rawPerName * raw!.names / 1000).toFixed(1)} s | ${rawPerName.toFixed(1)} ms/name | walk ${(walkPerName / rawPerName).toFixed(2)}× raw per name |`,
      `| leads in chunks of ${int(CHUNK)} (${int(sum((run) => run.chunks))} chunks) | ${int(leads)} leads | ${((walkSeconds - namesSeconds) / 60).toFixed(1)} min | ${int(leads / Math.max(walkSeconds - namesSeconds, 1e-9))} leads/s | ${int(sum((run) => run.pairs))} pairs stored |`,
      `| **whole walk${finished ? "" : " (not finished)"}**, ${runs.length} run${runs.length === 1 ? "" : "s"} of at most ${BUDGET} s | ${int(total)} leads | **${(walkSeconds / 60).toFixed(1)} min** | | ${int(counts!.pairs)} pairs in the table |`,
    ].join("\n");
    const runLines = runs.map((run, i) => `run ${i + 1}: ${run.outcome}, ${run.seconds.toFixed(0)} s, ${int(run.names)} names, ${int(run.leads)} leads`).join("; ");
    const reasons = byReason.map((r) => `${r.reason} ${int(r.n)}`).join(", ");
    const [{ v: pgVersion } = { v: "?" }] = await rawRows<{ v: string }>(db, sql`SELECT current_setting('server_version') AS v`);
    const loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(" ");
    const context = `${new Date().toISOString()} · ${int(total)} leads · Node ${process.version} · PostgreSQL ${pgVersion} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · load average before the run: ${load}, after it: ${loadAfter} (other sessions' tests may share the machine)`;
    console.log(`\n${table}\n\nRuns: ${runLines}\n\nPairs by reason: ${reasons}\n\n${context}`);
    const dir = path.join(import.meta.dirname, "results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "duplicates.md"),
      `# Duplicate pairs job (issue 26.4)\n\n${context}\n\n\`npx tsx bench/duplicates.ts --leads ${LEADS} --chunk ${CHUNK} --budget ${BUDGET} --sample ${SAMPLE}\`: runDuplicateScan (the scheduled job's handler) with a new walk forced, then runs after it until the walk finished, each stopping at its budget as a scheduled run does. Pairs by reason: ${reasons}.\n\n${table}\n\nRuns: ${runLines}.\n`,
    );
  } finally {
    await rt.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
