import { NOTE_MODERATE_PERMISSION, type Note, type NoteCreate, type NoteUpdate } from "@contract/notes";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { emitEvent } from "../../kernel/events";
import { mergedInto } from "../../db/queries/lead-merges";
import { forbidden, mergedAway, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { notify } from "../../kernel/notify";
import { eventActor, hasPermission, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { resolveMentions } from "./mentions";
import {
  activeStaff,
  deleteNoteRow,
  findLeadName,
  findNote,
  insertNote,
  lockLeadForPin,
  lockNote,
  selectLeadNotes,
  staffWhoSeeLead,
  unpinOtherNotes,
  updateNoteRow,
} from "./notes.data";

export interface NoteActor {
  principal: Principal;
  meta: RequestMeta;
}


export async function listLeadNotes(db: Database, leadId: number): Promise<Note[]> {
  // A lead merged into another answers 410 with mergedInto: its notes are the kept lead's now. A lead outside the
  // request's lead scope is not found, and so is one merged into such a lead (the 410 would name it).
  if ((await findLeadName(db, leadId)) === undefined) {
    const kept = await mergedInto(db, leadId);
    throw kept === undefined || (await findLeadName(db, kept)) === undefined ? notFound("note.lead_not_found") : mergedAway(kept);
  }
  return selectLeadNotes(db, leadId);
}

async function noteById(db: Database, id: number): Promise<Note> {
  const note = await findNote(db, id);
  if (!note) throw notFound("note.not_found");
  return note;
}

/**
 * Tells the staff `body` mentions (and `before` did not: an edit tells only the newly mentioned) that they were,
 * never the author and never someone the lead is hidden from (a restricted agent's scope), in the writing transaction.
 * Answers whom it told.
 */
async function notifyMentioned(tx: Database, body: string, before: string | null, leadId: number, businessName: string, principal: Principal): Promise<number[]> {
  const staff = await activeStaff(tx);
  const already = new Set(before === null ? [] : resolveMentions(before, staff).map((person) => person.id));
  const named = resolveMentions(body, staff).filter((person) => person.id !== principal.user.id && !already.has(person.id));
  // Only those who may see the lead are told: the notice names it and links to it.
  const seeing = await staffWhoSeeLead(tx, leadId, named.map((person) => person.id));
  const told = named.filter((person) => seeing.has(person.id));
  await notify(
    tx,
    told.map((person) => person.email),
    { type: "lead", code: "note.mentioned", params: { actor: principal.user.name, businessName }, link: `/leads/${leadId}` },
  );
  return told.map((person) => person.id);
}

/** Unpins the lead's other pinned note, with its event: at most one note of a lead is pinned. */
async function unpinOthers(tx: Database, leadId: number, noteId: number | null, principal: Principal): Promise<void> {
  for (const other of await unpinOtherNotes(tx, leadId, noteId)) {
    await emitEvent(tx, "note.updated", { noteId: other, leadId, pinned: false, changedFields: ["pinned"], by: eventActor(principal) });
  }
}

export async function createNote(db: Database, leadId: number, input: NoteCreate, { principal, meta }: NoteActor): Promise<Note> {
  const id = await inTransaction(db, async (tx) => {
    const businessName = await lockLeadForPin(tx, leadId);
    if (businessName === undefined) throw notFound("note.lead_not_found");
    if (input.pinned) await unpinOthers(tx, leadId, null, principal);
    const noteId = await insertNote(tx, { leadId, authorId: principal.user.id, body: input.body, pinned: input.pinned });
    const mentionedIds = await notifyMentioned(tx, input.body, null, leadId, businessName, principal);
    await emitEvent(tx, "note.created", { noteId, leadId, pinned: input.pinned, mentionedIds, by: eventActor(principal) });
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "note.create", message: { code: "note.created", params: { noteId, leadId } }, meta });
    return noteId;
  });
  return noteById(db, id);
}

/** Whether this principal may change or delete the note: its author, or someone who moderates notes (managers and up). */
const mayChange = (principal: Principal, authorId: number | null) => authorId === principal.user.id || hasPermission(principal, NOTE_MODERATE_PERMISSION);

export async function updateNote(db: Database, id: number, patch: NoteUpdate, { principal, meta }: NoteActor): Promise<Note> {
  await inTransaction(db, async (tx) => {
    const seen = await findNote(tx, id);
    if (!seen) throw notFound("note.not_found");
    // The lead first, then the note: the order a new pinned note takes them in, so two pins on a lead wait in turn
    // instead of each holding what the other needs.
    const businessName = await lockLeadForPin(tx, seen.leadId);
    const current = await lockNote(tx, id);
    if (!current || businessName === undefined) throw notFound("note.not_found");
    if (!mayChange(principal, current.authorId)) throw forbidden("note.not_author");
    const changes: { body?: string; pinned?: boolean } = {};
    if (patch.body !== undefined && patch.body !== current.body) changes.body = patch.body;
    if (patch.pinned !== undefined && patch.pinned !== current.pinned) changes.pinned = patch.pinned;
    const changed = Object.keys(changes);
    if (changed.length === 0) return;
    if (changes.pinned) await unpinOthers(tx, current.leadId, id, principal);
    await updateNoteRow(tx, id, changes);
    if (changes.body !== undefined) await notifyMentioned(tx, changes.body, current.body, current.leadId, businessName, principal);
    await emitEvent(tx, "note.updated", { noteId: id, leadId: current.leadId, pinned: changes.pinned ?? current.pinned, changedFields: changed, by: eventActor(principal) });
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "note.update",
      message: { code: "note.updated", params: { noteId: id, leadId: current.leadId, fields: changed.join(", ") } },
      meta,
    });
  });
  return noteById(db, id);
}

export async function deleteNote(db: Database, id: number, { principal, meta }: NoteActor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await lockNote(tx, id);
    if (!current) throw notFound("note.not_found");
    if (!mayChange(principal, current.authorId)) throw forbidden("note.not_author");
    await deleteNoteRow(tx, id);
    await emitEvent(tx, "note.deleted", { noteId: id, leadId: current.leadId, by: eventActor(principal) });
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "note.delete", message: { code: "note.deleted", params: { noteId: id, leadId: current.leadId } }, meta });
  });
}
