import type { Database } from "../db/client";
import { currentActor, setTransactionActor } from "./actor-context";

/**
 * Runs `work` in one transaction and hands it the transaction as a Database, so data functions take either a
 * database or a transaction with the same type: a mutation's row, its audit record, its notifications and the jobs
 * it sends commit together or not at all. The transaction first names who is acting (kernel/actor-context.ts), so the
 * lead timeline's triggers can say who made each change.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const actor = currentActor();
  return db.transaction(async (tx) => {
    if (actor) await setTransactionActor(tx, actor);
    return work(tx);
  });
}
