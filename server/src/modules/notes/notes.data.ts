import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Note } from "@contract/notes";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { leadNotes, leads, users } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

const noteColumns = {
  id: leadNotes.id,
  leadId: leadNotes.leadId,
  body: leadNotes.body,
  pinned: leadNotes.pinned,
  authorId: leadNotes.authorId,
  authorName: users.name,
  createdAt: leadNotes.createdAt,
  updatedAt: leadNotes.updatedAt,
};

const selectNotes = (db: Database) => db.select(noteColumns).from(leadNotes).leftJoin(users, eq(users.id, leadNotes.authorId));

/**
 * The note's lead is within the request's lead scope (issue 26.5): a note of a lead the reader may not see is not
 * found, exactly as an unknown one. A subquery rather than a join, so a locking read locks the note alone.
 */
const noteLeadInScope = () => sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${leadNotes.leadId} AND ${leadInScope(sql`l.assignee_id`)})`;

/** The lead with this id is within the request's lead scope (evaluated once per statement). */
const leadInScopeById = (leadId: number) => sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${leadId} AND ${leadInScope(sql`l.assignee_id`)})`;

type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    leadId: row.leadId,
    body: row.body,
    pinned: row.pinned,
    author: row.authorId !== null && row.authorName !== null ? { id: row.authorId, name: row.authorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A lead's notes: the pinned one first, then the newest (lead_notes_lead_idx serves the lead and the id order). */
export async function selectLeadNotes(db: Database, leadId: number): Promise<Note[]> {
  const rows = await selectNotes(db)
    .where(and(eq(leadNotes.leadId, leadId), leadInScopeById(leadId)))
    .orderBy(desc(leadNotes.pinned), desc(leadNotes.id));
  return rows.map(toNote);
}

export async function findNote(db: Database, id: number): Promise<Note | undefined> {
  const [row] = await selectNotes(db).where(and(eq(leadNotes.id, id), noteLeadInScope()));
  return row && toNote(row);
}

/** The lead a note is written on, or undefined when there is none with this id within the request's lead scope. */
export async function findLeadName(db: Database, leadId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ businessName: leads.businessName })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadInScope(leads.assigneeId)));
  return row?.businessName;
}

/**
 * Holds the lead until commit, so two notes pinned at once on the same lead are pinned one after the other (the second
 * unpins the first): at most one stays pinned. Answers the lead's name, or undefined when it does not exist.
 */
export async function lockLeadForPin(db: Database, leadId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ businessName: leads.businessName })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadInScope(leads.assigneeId)))
    .for("no key update");
  return row?.businessName;
}

/** A note held until commit, when its lead is within the request's scope: the author check and the change see the same row. */
export async function lockNote(db: Database, id: number) {
  const [row] = await db
    .select({ id: leadNotes.id, leadId: leadNotes.leadId, authorId: leadNotes.authorId, body: leadNotes.body, pinned: leadNotes.pinned })
    .from(leadNotes)
    .where(and(eq(leadNotes.id, id), noteLeadInScope()))
    .for("update");
  return row;
}

export async function insertNote(db: Database, values: { leadId: number; authorId: number; body: string; pinned: boolean }): Promise<number> {
  const [row] = await db.insert(leadNotes).values(values).returning({ id: leadNotes.id });
  return row!.id;
}

export async function updateNoteRow(db: Database, id: number, changes: { body?: string; pinned?: boolean }): Promise<void> {
  await db
    .update(leadNotes)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(leadNotes.id, id));
}

/** Unpins the lead's other pinned notes (at most one), answering the ones it unpinned. */
export async function unpinOtherNotes(db: Database, leadId: number, exceptId: number | null): Promise<number[]> {
  const rows = await db
    .update(leadNotes)
    .set({ pinned: false, updatedAt: sql`now()` })
    .where(and(eq(leadNotes.leadId, leadId), eq(leadNotes.pinned, true), exceptId === null ? undefined : ne(leadNotes.id, exceptId)))
    .returning({ id: leadNotes.id });
  return rows.map((row) => row.id);
}

export async function deleteNoteRow(db: Database, id: number): Promise<void> {
  await db.delete(leadNotes).where(eq(leadNotes.id, id));
}

/** Everyone on staff who can still sign in: whom a mention may name. */
export function activeStaff(db: Database): Promise<{ id: number; name: string; email: string }[]> {
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(isNull(users.deactivatedAt));
}

/**
 * Of these staff, the ones who may see the lead (issue 26.5): told of a mention, a person outside the lead's scope
 * would learn the lead's name and follow a link that is not found. Each person's own scope, not the request's: the
 * lead is theirs or nobody's, or they read every lead (leads.readAll on their role everywhere), or agents work on
 * every lead (the lead access setting), as kernel/lead-scope.ts decides for their own requests.
 */
export async function staffWhoSeeLead(db: Database, leadId: number, staffIds: readonly number[]): Promise<Set<number>> {
  if (staffIds.length === 0) return new Set();
  const rows = await rawRows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u JOIN leads l ON l.id = ${leadId}
        WHERE u.id = ANY(${`{${staffIds.join(",")}}`}::int[])
          AND (l.assignee_id IS NULL OR l.assignee_id = u.id
               OR coalesce((SELECT agents FROM lead_access_settings WHERE id = 1), 'all') <> 'own'
               OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.brand_id IS NULL AND r.permissions @> '["leads.readAll"]'::jsonb))`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}
