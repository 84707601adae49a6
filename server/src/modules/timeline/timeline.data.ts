import { getTableColumns, sql } from "drizzle-orm";
import type { TimelineKind } from "@contract/timeline";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { leads } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

export interface TimelineRow {
  id: string;
  kind: string;
  at: string;
  actor: Record<string, unknown>;
  changes: { field: string; from: unknown; to: unknown }[] | null;
  subject: Record<string, unknown> | null;
  api_key_label: string | null;
  mail_status: string | null;
  mail_error: string | null;
  mail_sent_at: string | null;
  note_body: string | null;
  note_pinned: boolean | null;
  run_outcome: string | null;
  run_error: string | null;
}

/**
 * One page of a lead's entries, newest first, only when the lead is within the request's lead scope (keyset on id: lead_timeline_lead_idx, or lead_timeline_kind_lead_idx with
 * a kind), with what the entries point at as it is now: an email's delivery status, a note's text, an automation run's outcome, an API key's label.
 */
export function selectTimelinePage(db: Database, leadId: number, options: { kind?: TimelineKind; before?: number; limit: number }): Promise<TimelineRow[]> {
  return rawRows<TimelineRow>(
    db,
    // The page is taken first (at most `limit` entries, newest first, through lead_timeline_lead_idx or, with a kind,
    // lead_timeline_kind_lead_idx) and only its entries are joined to what they point at: a plan that joins before it
    // limits loses the index's order and reads a lead's whole history.
    sql`SELECT t.id::text AS id, t.kind, to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
               t.actor, t.changes, t.subject,
               k.label AS api_key_label,
               m.status AS mail_status, m.error AS mail_error,
               to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS mail_sent_at,
               n.body AS note_body, n.pinned AS note_pinned,
               r.outcome AS run_outcome, r.error AS run_error
        FROM (
          SELECT e.id, e.kind, e.at, e.actor, e.changes, e.subject
          FROM lead_timeline e
          WHERE e.lead_id = ${leadId}
            AND EXISTS (SELECT 1 FROM leads l WHERE l.id = ${leadId} AND ${leadInScope(sql`l.assignee_id`)})
            ${options.kind ? sql`AND e.kind = ${options.kind}` : sql``}
            ${options.before ? sql`AND e.id < ${options.before}` : sql``}
          ORDER BY e.id DESC
          LIMIT ${sql.raw(String(Math.trunc(options.limit)))}
        ) t
        LEFT JOIN api_keys k ON t.actor->>'kind' = 'apiKey' AND k.id = (t.actor->>'apiKeyId')::int
        LEFT JOIN mail_outbox m ON t.kind = 'email' AND m.id = (t.subject->>'mailId')::bigint
        LEFT JOIN lead_notes n ON t.kind = 'note' AND n.id = (t.subject->>'noteId')::int
        LEFT JOIN automation_runs r ON t.kind = 'automation' AND r.id = (t.subject->>'runId')::int
        ORDER BY t.id DESC`,
    // Prepared (each connection plans it once, then keeps PostgreSQL's generic plan: planning costs more than the run,
    // 1.5 ms of the database's CPU a page when planned each time); the kind index is led by kind (migration 0061) so
    // that the generic plan, made for a lead of two or three entries, cannot read a long history through it and sort
    // it. The page size is written as a number, since a LIMIT parameter is planned as if it read a tenth of the entries.
    { prepared: true },
  );
}

/** The API's name of each leads column (business_name → businessName): the triggers record column names. */
export const leadFieldOfColumn: ReadonlyMap<string, string> = new Map(Object.entries(getTableColumns(leads)).map(([field, column]) => [column.name, field]));
