import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, SqlResult } from "./client";

const dialect = new PgDialect();

export interface RawRowsOptions {
  /**
   * Send the statement as a named prepared statement (named after its text), so each connection parses and analyses
   * it once: for the big search and page statements that cost about as much as running them. PostgreSQL still plans
   * each run with its values as long as a plan for unknown values looks no cheaper, which holds for the searches here
   * (a custom plan of the leads page costs 4,700 to 7,000 against 25,000 for a generic one at 1M leads). The text must
   * not vary with values: each distinct text stays prepared on every connection.
   */
  prepared?: boolean;
}

/**
 * The rows of a statement written in SQL, typed by the caller, who wrote its select list. This is the one place a
 * raw result is narrowed to a row type, on either driver, inside a transaction or not.
 */
export async function rawRows<Row extends object>(db: Database, query: SQL, options: RawRowsOptions = {}): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const name = options.prepared ? `lw_${createHash("sha1").update(built.sql).digest("hex").slice(0, 24)}` : undefined;
  // Both drivers answer a raw statement with { rows }; the row type is the caller's select list.
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as SqlResult<Row>;
  return result.rows;
}

/** The one row of a statement that always answers one (an aggregate without GROUP BY). */
export async function rawRow<Row extends object>(db: Database, query: SQL): Promise<Row> {
  return (await rawRows<Row>(db, query))[0]!;
}
