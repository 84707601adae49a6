import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database } from "./client";

const dialect = new PgDialect();

/**
 * Rows as arrays of column values in select order, through whichever driver holds the database. Bulk reads
 * (exports) use it: no per-row object with named keys, which at a million rows is most of the cost.
 */
export async function queryArrays(db: Database, query: SQL): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ("waitReady" in client) {
    const result = await client.query<unknown[]>(text, params, { rowMode: "array" });
    return result.rows;
  }
  const result = await client.query<unknown[]>({ text, values: params, rowMode: "array" });
  return result.rows;
}
