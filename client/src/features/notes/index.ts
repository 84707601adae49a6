// features/notes's public entry: what other features may use of it.
export { LeadNotesCard } from "./lead-notes-card";
