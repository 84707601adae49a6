import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { startJobQueue } from "../kernel/jobs/queue";
import { jobKinds } from "../job-kinds";

/*
 * Every test suite starts from a fresh database. Building one from nothing is the slowest part of a suite: PGlite
 * initialises a whole cluster (seconds) and both drivers replay every migration and create the job queue's schema.
 * So the migrated, queue-ready database is built once per set of migrations and copied for each suite: PGlite from a
 * data-directory image kept in the temporary folder, PostgreSQL with CREATE DATABASE … TEMPLATE. The copy is exactly
 * what start-up would have built; the runtime still runs its migrations (finding nothing to do) and its own start-up
 * steps (secrets, set-up token) on it.
 */

const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));
const packageJson = fileURLToPath(new URL("../../../package.json", import.meta.url));

/** Changes whenever the schema (its migrations), the job kinds or the database packages change. */
function fingerprint(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith(".sql") || name.endsWith(".json")) hash.update(name).update(readFileSync(file));
  }
  hash.update(jobKinds.map((kind) => kind.name).join(","));
  const { dependencies } = JSON.parse(readFileSync(packageJson, "utf8")) as { dependencies: Record<string, string> };
  hash.update(`${dependencies["@electric-sql/pglite"]} ${dependencies["pg-boss"]}`);
  return hash.digest("hex").slice(0, 16);
}

/** Migrations and the job queue's schema and queues, as the runtime's start-up creates them. */
async function prepare(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const queue = await startJobQueue(database, jobKinds);
  await queue.stop(1_000);
}

let pgliteImage: Promise<Blob> | undefined;

/** The migrated PGlite image, built by the first suite that needs it and shared through the temporary folder. */
export function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = path.join(tmpdir(), `leadwell-pglite-${fingerprint()}.tar`);
    if (!existsSync(file)) {
      const database = await openDatabase({ dataDir: null });
      try {
        await prepare(database);
        const image = await database.dumpImage!();
        // Written aside, then renamed: a suite in another worker never reads half a file.
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
        renameSync(partial, file);
      } finally {
        await database.close();
      }
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteImage;
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database on the server (one per fingerprint, named after the server URL's own
 * database so CI's clean-up of that name drops it too; on a development server one is left per schema version, and
 * any of them may be dropped freely). Several workers may ask at once: an advisory lock on the server makes one of
 * them build it.
 */
export function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = buildPostgresTemplate(serverUrl);
    templates.set(serverUrl, template);
  }
  return template;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const url = new URL(serverUrl);
  const baseName = url.pathname.replace(/^\//, "") || "postgres";
  const name = `${baseName}_tpl_${fingerprint()}`.toLowerCase().slice(0, 63);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(727099)");
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed when complete, so a failed build never leaves a half-made template.
      const building = `${name.slice(0, 50)}_b${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      await admin.query(`CREATE DATABASE "${building}"`);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolMax: 2 });
      try {
        await prepare(database);
      } catch (error) {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
        throw error;
      }
      await database.close();
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(727099)").catch(() => undefined);
    await admin.end();
  }
  return name;
}
