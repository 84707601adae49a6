// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The notes area's failures (contract/notes.ts), by stable code, with their English text. */
export const noteErrorMessages = {
  "note.not_found": "Note not found",
  "note.lead_not_found": "Lead not found",
  "note.not_author": "Only the note's author or a manager may change or delete it",
} as const;
