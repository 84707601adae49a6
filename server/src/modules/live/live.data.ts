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

/** The lead an event is about, as it is when the event is pushed (issue 26.5). */
export type EventLead = { kind: "none" } | { kind: "gone" } | { kind: "lead"; assigneeId: number | null };

export interface EventRecords {
  leadIds: readonly number[];
  taskIds: readonly number[];
  issueIds: readonly number[];
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * The current assignee of each lead named, and the lead (with its assignee) of each task and issue named, read in one
 * statement for a whole batch of events: the stream decides per reader at push time, so a lead that changed hands
 * while a stream was open is pushed to its new assignee's, not its former one's. Keys are "lead:1", "task:2", "issue:3";
 * a record not found (deleted) has no key.
 */
export async function eventLeads(db: Database, records: EventRecords): Promise<Map<string, EventLead>> {
  const found = new Map<string, EventLead>();
  if (records.leadIds.length + records.taskIds.length + records.issueIds.length === 0) return found;
  const rows = await rawRows<{ kind: string; id: number; leadId: number | null; assigneeId: number | null }>(
    db,
    sql`SELECT 'lead' AS kind, l.id, l.id AS "leadId", l.assignee_id AS "assigneeId" FROM leads l WHERE l.id = ANY(${intArray(records.leadIds)})
        UNION ALL
        SELECT 'task', t.id, l.id, l.assignee_id FROM tasks t LEFT JOIN leads l ON l.id = t.lead_id WHERE t.id = ANY(${intArray(records.taskIds)})
        UNION ALL
        SELECT 'issue', i.id, l.id, l.assignee_id FROM technical_issues i LEFT JOIN leads l ON l.id = i.lead_id WHERE i.id = ANY(${intArray(records.issueIds)})`,
  );
  for (const row of rows) {
    const lead: EventLead = row.leadId === null ? { kind: "none" } : { kind: "lead", assigneeId: row.assigneeId === null ? null : Number(row.assigneeId) };
    found.set(`${row.kind}:${Number(row.id)}`, lead);
  }
  return found;
}
