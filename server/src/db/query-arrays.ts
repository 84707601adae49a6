import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client";

const dialect = new PgDialect();

/**
 * Rows as arrays of column values in select order, on either driver, inside a transaction or not. Bulk reads
 * (exports) use it: no per-row object with named keys, which at a million rows is most of the cost. Drizzle's own
 * session runs it in array mode and the identity mapper hands the driver's rows back untouched.
 */
export async function queryArrays(db: Database, query: SQL): Promise<unknown[][]> {
  const built = dialect.sqlToQuery(query);
  return db._.session
    .prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(built, undefined, undefined, true, (rows) => rows)
    .execute();
}
