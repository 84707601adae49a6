import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Note } from "@contract/notes";
import type { Database } from "../../db/client";
import { leadNotes, leads, users } from "../../db/schema";

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
  const rows = await selectNotes(db).where(eq(leadNotes.leadId, leadId)).orderBy(desc(leadNotes.pinned), desc(leadNotes.id));
  return rows.map(toNote);
}

export async function findNote(db: Database, id: number): Promise<Note | undefined> {
  const [row] = await selectNotes(db).where(eq(leadNotes.id, id));
  return row && toNote(row);
}

/** The lead a note is written on, or undefined when there is none with this id. */
export async function findLeadName(db: Database, leadId: number): Promise<string | undefined> {
  const [row] = await db.select({ businessName: leads.businessName }).from(leads).where(eq(leads.id, leadId));
  return row?.businessName;
}

/**
 * Holds the lead until commit, so two notes pinned at once on the same lead are pinned one after the other (the second
 * unpins the first): at most one stays pinned. Answers the lead's name, or undefined when it does not exist.
 */
export async function lockLeadForPin(db: Database, leadId: number): Promise<string | undefined> {
  const [row] = await db.select({ businessName: leads.businessName }).from(leads).where(eq(leads.id, leadId)).for("no key update");
  return row?.businessName;
}

/** A note held until commit: the author check and the change see the same row. */
export async function lockNote(db: Database, id: number) {
  const [row] = await db
    .select({ id: leadNotes.id, leadId: leadNotes.leadId, authorId: leadNotes.authorId, body: leadNotes.body, pinned: leadNotes.pinned })
    .from(leadNotes)
    .where(eq(leadNotes.id, id))
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
