/**
 * What the standalone benches (j bulk.ts, k duplicates.ts) share: their own database
 * (BENCH_BULK_DATABASE_URL, default leadwell_bench_bulk on 127.0.0.1, created when missing), and the app's runtime
 * opened on it in this process, seeded with scripts/seed-scale.ts up to the leads asked for.
 */
import pg from "pg";
import { loadConfig } from "../server/src/config";
import { createRuntime } from "../server/src/runtime";
import { countLeads, seedScale } from "../scripts/seed-scale";


export const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
export const int = (n: number) => Math.round(n).toLocaleString("en-US");

const server = "postgres://postgres@127.0.0.1:5432";
const url = process.env.BENCH_BULK_DATABASE_URL || `${server}/leadwell_bench_bulk`;

async function ensureDatabase() {
  if (process.env.BENCH_BULK_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = 'leadwell_bench_bulk'")).rowCount;
  if (!exists) await admin.query("CREATE DATABASE leadwell_bench_bulk");
  await admin.end();
}

/** The runtime (no queue workers) on the bench's database holding at least `leads` leads, and how many it holds. */
export async function openSeededRuntime(leads: number) {
  await ensureDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent", ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const rt = await createRuntime(config, { workers: false });
  try {
    const have = await countLeads(rt.ctx.db);
    if (have < leads) {
      console.log(`Seeding ${int(leads - have)} leads`);
      await seedScale(rt.ctx.db, { leads: leads - have, log: (line) => console.log(`  ${line}`) });
    }
    return { rt, db: rt.ctx.db, total: await countLeads(rt.ctx.db) };
  } catch (error) {
    await rt.close();
    throw error;
  }
}
