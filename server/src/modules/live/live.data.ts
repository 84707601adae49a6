import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

export interface OutboxRow {
  id: number;
  name: string;
  payload: unknown;
}

/** The events committed with ids in [from, to] (one wake-up's range; rows of other transactions still open are not seen). */
export const outboxEventsBetween = (db: Database, from: number, to: number) =>
  rawRows<OutboxRow>(db, sql`SELECT id::float8 AS id, name, payload FROM event_outbox WHERE id BETWEEN ${from} AND ${to} ORDER BY id`);

/** Up to `limit` events after `afterId`, oldest first: what a reconnecting stream missed. */
export const outboxEventsAfter = (db: Database, afterId: number, limit: number) =>
  rawRows<OutboxRow>(db, sql`SELECT id::float8 AS id, name, payload FROM event_outbox WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`);

/** The leads whose timeline got entries with ids in [from, to], at most `limit` of them. */
export async function timelineLeadsBetween(db: Database, from: number, to: number, limit: number): Promise<number[]> {
  const rows = await rawRows<{ leadId: number }>(db, sql`SELECT DISTINCT lead_id AS "leadId" FROM lead_timeline WHERE id BETWEEN ${from} AND ${to} LIMIT ${limit}`);
  return rows.map((row) => row.leadId);
}

/** Who got the notifications with ids in [from, to], as lower-case emails. */
export async function notificationRecipientsBetween(db: Database, from: number, to: number): Promise<string[]> {
  const rows = await rawRows<{ email: string }>(db, sql`SELECT DISTINCT lower(user_email) AS email FROM notifications WHERE id BETWEEN ${from} AND ${to}`);
  return rows.map((row) => row.email);
}

/** The newest event's id (0 for an empty outbox): where a stream that resynced goes on from. */
export async function latestOutboxId(db: Database): Promise<number> {
  const [row] = await rawRows<{ id: number }>(db, sql`SELECT coalesce(max(id), 0)::float8 AS id FROM event_outbox`);
  return row?.id ?? 0;
}
