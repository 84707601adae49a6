import { timelineActorSchema, timelineKindSchema, type TimelineEntry, type TimelinePage, type TimelineQuery } from "@contract/timeline";
import type { Database } from "../../db/client";
import { requireLeadInScope } from "../../kernel/lead-gone";
import { leadFieldOfColumn, selectTimelinePage, type TimelineRow } from "./timeline.data";

/** A lead's timeline, newest first, a page at a time; 404 for a lead that does not exist (or no longer does, or is outside the request's lead scope), 410 for one merged into another. */
export async function leadTimeline(db: Database, leadId: number, query: TimelineQuery): Promise<TimelinePage> {
  const rows = await selectTimelinePage(db, leadId, { kind: query.kind, before: query.cursor ? Number(query.cursor) : undefined, limit: query.limit + 1 });
  // The page's statement reads nothing of a lead outside the scope; only an empty page asks whether the lead is there
  // at all (404, or 410 for a merged one), so a lead page's timeline costs one statement, not two.
  if (rows.length === 0) await requireLeadInScope(db, leadId);
  const page = rows.slice(0, query.limit);
  return { entries: page.map(toEntry), nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

export function toEntry(row: TimelineRow): TimelineEntry {
  const parsedActor = timelineActorSchema.safeParse(row.actor);
  const actor = parsedActor.success ? parsedActor.data : ({ kind: "system" } as const);
  return {
    id: Number(row.id),
    kind: timelineKindSchema.parse(row.kind),
    at: row.at,
    actor: actor.kind === "apiKey" && row.api_key_label !== null ? { ...actor, label: row.api_key_label } : actor,
    changes: row.changes?.map((change) => ({ ...change, field: leadFieldOfColumn.get(change.field) ?? change.field })) ?? null,
    subject: row.subject && withCurrentState(row),
  };
}

/** What the entry's record is now: an email's delivery, a note's text (gone: the note was deleted since), a run's outcome. */
function withCurrentState(row: TimelineRow): Record<string, unknown> | null {
  const subject = row.subject;
  if (!subject) return null;
  if (row.kind === "email") return { ...subject, status: row.mail_status, error: row.mail_error, sentAt: row.mail_sent_at };
  if (row.kind === "note") return { ...subject, body: row.note_body, pinned: row.note_pinned, exists: row.note_body !== null };
  if (row.kind === "automation") return { ...subject, outcome: row.run_outcome ?? subject.outcome, error: row.run_error };
  return subject;
}
