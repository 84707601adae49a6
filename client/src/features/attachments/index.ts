// features/attachments's public entry: what other features may use of it.
export { LeadAttachmentsCard } from "./lead-attachments-card";
