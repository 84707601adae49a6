import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { TimelineActor } from "@contract/timeline";
import type { Database } from "../db/client";
import { rawRows } from "../db/raw-rows";
import type { Principal } from "./principal";

/**
 * Who is acting in the work under way: the signed-in person or API key of a request, the public form, an import, an
 * automation. Held per request (or job) in async context, never in shared state, and handed to the database as the
 * transaction's `leadwell.actor` setting, which the lead timeline's triggers read (migration 0036): so each entry names
 * who made the change without any data function having to pass it along.
 */
const actorStorage = new AsyncLocalStorage<TimelineActor>();

/** Runs `work` with `actor` as the one acting; transactions opened inside it carry the actor. */
export const runAsActor = <T>(actor: TimelineActor, work: () => T): T => actorStorage.run(actor, work);

/** The actor of the work under way, or null outside any request or job that named one. */
export const currentActor = (): TimelineActor | null => actorStorage.getStore() ?? null;

/** The actor a request acts as: its principal, or the public (a public route with nobody signed in). */
export function actorOfPrincipal(principal: Principal | null): TimelineActor {
  if (!principal) return { kind: "public" };
  if (principal.kind === "apiKey") return { kind: "apiKey", apiKeyId: principal.apiKeyId, userId: principal.user.id, name: principal.user.name };
  return { kind: "user", userId: principal.user.id, name: principal.user.name };
}

/**
 * Names the actor for the rest of this transaction (SET LOCAL: gone at commit or rollback). inTransaction calls it
 * with the current actor; code that acts as someone else inside a transaction (an automation's action) uses
 * withTransactionActor.
 */
export async function setTransactionActor(tx: Database, actor: TimelineActor | null): Promise<void> {
  await tx.execute(sql`SELECT set_config('leadwell.actor', ${actor ? JSON.stringify(actor) : ""}, true)`);
}

/**
 * Runs `work` in `tx` as `actor`, then gives the transaction back its previous actor: an automation's action inside the
 * event dispatcher's transaction must not lend its name to the subscribers after it.
 */
export async function withTransactionActor<T>(tx: Database, actor: TimelineActor, work: () => Promise<T>): Promise<T> {
  const [row] = await rawRows<{ actor: string | null }>(tx, sql`SELECT current_setting('leadwell.actor', true) AS actor`);
  const previous = row?.actor ?? "";
  await setTransactionActor(tx, actor);
  const result = await work();
  await tx.execute(sql`SELECT set_config('leadwell.actor', ${previous}, true)`);
  return result;
}
