import type { Database } from "../db/client";

/**
 * Runs `work` in one transaction and hands it the transaction as a Database, so data functions take either a
 * database or a transaction with the same type: a mutation's row, its audit record, its notifications and the jobs
 * it sends commit together or not at all.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
