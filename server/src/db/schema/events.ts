import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The transactional outbox: a service writes its domain events here in the same transaction as its change (and the
 * lead conversion trigger writes its own), so an event exists exactly when the change committed. The dispatcher
 * (kernel/events.ts) hands each row to its subscribers and marks it dispatched; a row survives a restart until then.
 */
export const eventOutbox = pgTable(
  "event_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** A name from contract/events.ts. */
    name: varchar("name", { length: 100 }).notNull(),
    payload: jsonb("payload").notNull(),
    occurredAt: at("occurred_at").notNull().defaultNow(),
    /** Set once every subscriber has handled the event. */
    dispatchedAt: at("dispatched_at"),
    /** Subscribers that have handled it: a retry after one subscriber failed runs only the others. */
    deliveredTo: text("delivered_to").array().notNull().default(sql`'{}'::text[]`),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** A failed dispatch waits until then before the next attempt (backoff). */
    availableAt: at("available_at").notNull().defaultNow(),
  },
  (t) => [index("event_outbox_pending_idx").on(t.availableAt, t.id).where(sql`${t.dispatchedAt} IS NULL`)],
);
