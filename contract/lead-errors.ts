// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The lead area's failures (contract/leads.ts), by stable code, with their English text. */
export const leadErrorMessages = {
  "lead.not_found": "Lead not found",
  "lead.email_taken": "A lead with this email already exists",
  "lead.first_name_required": "First name is required",
  "lead.last_name_required": "Last name is required",
  "lead.business_name_required": "Business name is required",
  "lead.invalid_status": "Status must be one of: {options}",
  "lead.invalid_priority": "Priority must be one of: {options}",
  "lead.unknown_column": "Unknown column: {column}",
  "lead.unknown_assignee": "No active member of staff has id {assigneeId}",
  "lead.invalid_assignee": "Assignee must be a staff id, me or none",
} as const;
