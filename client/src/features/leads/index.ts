// features/leads's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { EMPTY_JOIN_FORM, JOIN_FORM_FIELDS } from "./lead-form";
export { DuplicateReasons } from "./lead-duplicate-matches";
export { LeadInputs } from "./lead-inputs";
export { industryLabel, statusLabel } from "./lead-labels";
export { LeadLink } from "./lead-link";
export { assigneeLeadsPath } from "./lead-list-path";
export { leadMergePath } from "./lead-merge-path";
export { leadPagePath } from "./lead-page-path";
export { useRecentLeads } from "./lead-queries";
export { LeadStatusBadge } from "./lead-status-badge";
