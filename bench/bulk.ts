/**
 * j. Bulk actions (issue 26.3): a bulk status change of 100,000 leads through the bulk job, beside the raw
 * `UPDATE leads SET status = … WHERE id = ANY(…100k ids…)` in the same run, with the ratio. Target: ≥ 5,000 leads/s.
 *
 *   npx tsx bench/bulk.ts [--leads 1000000] [--count 100000]
 *
 * Standalone (not part of run.ts, which rewrites latest.md): it opens the app's runtime in this process on its own
 * database (BENCH_BULK_DATABASE_URL, default leadwell_bench_bulk on 127.0.0.1), seeds it with scripts/seed-scale.ts
 * when it holds fewer leads than --leads, then times startBulk (the POST's work: the filter's count confirmed, the
 * job stored) and runBulkJob (what the queue's handler runs: batches of LEAD_BULK_BATCH_SIZE striped over LEAD_BULK_LANES
 * lanes that run at once, each batch updating the leads with their audit rows, events and timeline entries and moving
 * its lane on). HTTP is left out: one small POST and
 * polls, next to 100,000 leads changed. Both sides change every selected lead (the raw side back to the first status),
 * with every trigger of leads enabled. Results: bench/results/bulk.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { leadFilterSchema } from "../contract/leads";
import { rawRows } from "../server/src/db/raw-rows";
import { insertUser } from "../server/src/modules/auth/users.data";
import { laneBatch, laneStarts, nextLanePosition } from "../server/src/modules/leads/lead-bulk-lanes";
import { LEAD_BULK_BATCH_SIZE, LEAD_BULK_LANES, runBulkJob, startBulk } from "../server/src/modules/leads/lead-bulk.service";
import type { Principal } from "../server/src/kernel/principal";
import { arg } from "./cli";
import { int, openSeededRuntime, seconds } from "./standalone-db";

const LEADS = arg("leads", 1_000_000);
const COUNT = arg("count", 100_000);
const TAG = "bench-bulk";
async function main() {
  const { rt, db, total } = await openSeededRuntime(LEADS);
  try {
    const email = "bench.bulk@leadwell.test";
    const [existing] = await rawRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
    const userId = existing?.id ?? (await insertUser(db, { name: "Bench Bulk", email, passwordHash: "x", role: "admin" })).id;
    // The permissions the status action checks (an administrator has them).
    const principal: Principal = {
      kind: "session",
      user: { id: userId, name: "Bench Bulk", email, role: "admin", permissions: ["crm.read", "leads.write"], lastLoginAt: null },
      sessionTokenHash: "",
      sessionId: "",
    };

    // The selection: COUNT leads spread over the table, tagged and set to 'new' before anything is timed.
    console.log(`Preparing ${int(COUNT)} leads of ${int(total)}`);
    await db.execute(sql`UPDATE leads SET tags = array_remove(tags, ${TAG}) WHERE ${TAG} = ANY(tags)`);
    const step = Math.max(1, Math.floor(total / COUNT));
    const chosen = (await rawRows<{ id: number }>(db, sql`SELECT id FROM leads WHERE id % ${step} = 0 ORDER BY id LIMIT ${COUNT}`)).map((r) => Number(r.id));
    const prepStart = process.hrtime.bigint();
    for (let at = 0; at < chosen.length; at += 10_000) {
      const part = chosen.slice(at, at + 10_000);
      await db.execute(sql`UPDATE leads SET tags = array_append(tags, ${TAG}), status = 'new' WHERE id = ANY(${`{${part.join(",")}}`}::int[])`);
    }
    console.log(`  prepared in ${seconds(prepStart).toFixed(1)} s`);
    const ids = (await rawRows<{ id: number }>(db, sql`SELECT id FROM leads WHERE ${TAG} = ANY(tags) ORDER BY id`)).map((r) => Number(r.id));
    await db.execute(sql`VACUUM ANALYZE leads`).catch(() => undefined);
    await db.execute(sql`CHECKPOINT`).catch(() => undefined);
    const load = os.loadavg().map((n) => n.toFixed(2)).join(" ");

    const apiStart = process.hrtime.bigint();
    const job = await startBulk({ db, jobs: rt.ctx.jobs }, principal, { filter: leadFilterSchema.parse({ tag: TAG }), expectedTotal: ids.length, action: "status", value: "contacted" });
    const started = seconds(apiStart);
    await runBulkJob(db, job.id);
    const apiSeconds = seconds(apiStart);
    const [done] = await rawRows<{ changed: number; skipped: number; failed: number }>(db, sql`SELECT changed, skipped, failed FROM lead_bulk_jobs WHERE id = ${job.id}`);

    // The raw side, three times, each after a VACUUM as the job had one (every pass leaves 100,000 dead rows behind):
    // the same leads back to 'new' in one statement; to 'contacted' again in statements of the job's batch size, one
    // after the other; and back to 'new' in the same statements striped over the job's lanes on as many connections
    // at once (the job's own updates, without its audit rows, events and bookkeeping).
    const tidy = async () => {
      await db.execute(sql`VACUUM leads`).catch(() => undefined);
      await db.execute(sql`CHECKPOINT`).catch(() => undefined);
    };
    const setStatus = (part: number[], status: string) =>
      db.execute(sql`UPDATE leads SET status = ${status}, updated_at = now() WHERE id = ANY(${`{${part.join(",")}}`}::int[])`);
    await tidy();
    const rawStart = process.hrtime.bigint();
    await setStatus(ids, "new");
    const rawSeconds = seconds(rawStart);
    await tidy();
    const batch = Number(process.env.LEAD_BULK_BATCH_SIZE) || LEAD_BULK_BATCH_SIZE;
    const lanes = Number(process.env.LEAD_BULK_LANES) || LEAD_BULK_LANES;
    const rawBatchStart = process.hrtime.bigint();
    for (let at = 0; at < ids.length; at += batch) await setStatus(ids.slice(at, at + batch), "contacted");
    const rawBatchSeconds = seconds(rawBatchStart);
    await tidy();
    const rawLanesStart = process.hrtime.bigint();
    await Promise.all(
      laneStarts(lanes, batch).map(async (start) => {
        for (let at = start; at < ids.length; at = nextLanePosition(at, lanes, batch)) await setStatus(laneBatch(ids, at, batch), "new");
      }),
    );
    const rawLanesSeconds = seconds(rawLanesStart);
    const loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(" ");

    const apiRate = ids.length / apiSeconds;
    const rawRate = ids.length / rawSeconds;
    const rawBatchRate = ids.length / rawBatchSeconds;
    const rawLanesRate = ids.length / rawLanesSeconds;
    const table = [
      "| j. bulk status change | leads | time | leads/s | target |",
      "|---|---:|---:|---:|---|",
      `| bulk job (startBulk + runBulkJob, batches of ${int(batch)} in ${lanes} lanes) | ${int(ids.length)} (changed ${int(done!.changed)}, skipped ${done!.skipped}, failed ${done!.failed}) | ${apiSeconds.toFixed(2)} s (start ${(started * 1000).toFixed(0)} ms) | ${int(apiRate)} | ≥ 5,000 leads/s: ${apiRate >= 5000 ? "met" : "NOT met"} |`,
      `| raw UPDATE … WHERE id = ANY(100k) | ${int(ids.length)} | ${rawSeconds.toFixed(2)} s | ${int(rawRate)} | |`,
      `| raw UPDATE … WHERE id = ANY(${int(batch)}) per statement | ${int(ids.length)} | ${rawBatchSeconds.toFixed(2)} s | ${int(rawBatchRate)} | |`,
      `| raw UPDATE … WHERE id = ANY(${int(batch)}) per statement, ${lanes} connections at once (the job's lanes) | ${int(ids.length)} | ${rawLanesSeconds.toFixed(2)} s | ${int(rawLanesRate)} | |`,
      `| ratio job / raw (one statement) | | | ${(apiRate / rawRate).toFixed(2)}× | |`,
      `| ratio job / raw (batches) | | | ${(apiRate / rawBatchRate).toFixed(2)}× | |`,
      `| ratio job / raw (batches in lanes) | | | ${(apiRate / rawLanesRate).toFixed(2)}× | |`,
    ].join("\n");
    const [{ v: pgVersion } = { v: "?" }] = await rawRows<{ v: string }>(db, sql`SELECT current_setting('server_version') AS v`);
    const context = `${new Date().toISOString()} · ${int(total)} leads · Node ${process.version} · PostgreSQL ${pgVersion} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · load average before the run: ${load}, after it: ${loadAfter} (other sessions' tests may share the machine)`;
    console.log(`\n${table}\n\n${context}`);
    const dir = path.join(import.meta.dirname, "results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "bulk.md"),
      `# Bulk actions (issue 26.3)\n\n${context}\n\nThe job side writes, per changed lead, the update, its audit row, its lead.updated event and its timeline entry (trigger), and its lane's place and the job's counters per batch, its batches striped over ${lanes} lanes that run at once on connections of their own; the raw side is the bare UPDATE (every trigger of leads still fires on it, the timeline's among them), once as one statement, once in statements of the job's batch size one after the other, and once in the same statements striped over as many connections as the job has lanes; each side starts after a VACUUM and a CHECKPOINT. HTTP is not in the figure (npx tsx bench/bulk.ts).\n\n${table}\n`,
    );
  } finally {
    await rt.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
