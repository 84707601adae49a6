import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createThrowawayDatabase, floorDrivers } from "./test-runtime";

/*
 * For testing one migration on a database holding what came before it: a copy of the migrations folder that stops
 * just before it, and a scratch database (PGlite, or a throwaway PostgreSQL database) to run both on.
 */

export const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };

/** The position in the journal of the migration whose tag ends with `tagEnd` (-1 when there is none). */
export const migrationIndex = (tagEnd: string) => journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));

/** A copy of the migrations folder whose journal lists only the migrations before the one whose tag ends with `tagEnd`. */
export function migrationsBefore(tagEnd: string): string {
  const index = migrationIndex(tagEnd);
  if (index < 0) throw new Error(`no migration ${tagEnd}`);
  const folder = mkdtempSync(path.join(tmpdir(), "leadwell-migrations-before-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

export interface ScratchDatabase {
  query<Row>(text: string, values?: unknown[]): Promise<Row[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function scratchDatabase(driver: (typeof floorDrivers)[number]): Promise<ScratchDatabase> {
  if (driver === "pglite") {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    return {
      query: async <Row,>(text: string, values: unknown[] = []) => (await client.query<Row>(text, values)).rows,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const created = await createThrowawayDatabase(process.env.DATABASE_URL!);
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  return {
    query: async <Row,>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as Row[],
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    async close() {
      await client.end();
      await created.drop();
    },
  };
}

/**
 * For a suite: a scratch database migrated up to just before the migration whose tag ends with `tagEnd`, made before
 * the suite's tests and dropped after them. The suite then writes what came before and runs `migrateAll()`.
 */
export function scratchBefore(tagEnd: string, driver: (typeof floorDrivers)[number]) {
  let db: ScratchDatabase | undefined;
  let before: string | undefined;
  beforeAll(async () => {
    before = migrationsBefore(tagEnd);
    db = await scratchDatabase(driver);
    await db.migrate(before);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });
  return {
    query: <Row,>(text: string, values?: unknown[]) => db!.query<Row>(text, values),
    migrateAll: () => db!.migrate(migrationsFolder),
  };
}
