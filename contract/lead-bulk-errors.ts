// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** Bulk actions on leads (contract/lead-bulk.ts): the request's failures and the per-lead failure codes of a job. */
export const leadBulkErrorMessages = {
  "lead_bulk.not_found": "Bulk action not found",
  "lead_bulk.selection_required": "Send either ids or a filter with its expectedTotal",
  "lead_bulk.count_changed": "The filter now selects {current} leads, not {expected}: confirm the new count",
  "lead_bulk.value_invalid": "This value does not fit the action {action}",
  "lead_bulk.unknown_stage": "No pipeline stage is named {stage}",
  "lead_bulk.delete_forbidden": "Deleting leads needs the leads.delete permission (manager or above)",
  "lead_bulk.export_forbidden": "Exporting leads needs the data.export permission",
  "lead_bulk.not_running": "This bulk action has already finished",
  "lead_bulk.no_file": "This bulk action has no file (only a finished export has one)",
  "lead_bulk.lead_missing": "The lead no longer exists",
} as const;
