// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/**
 * The lead access setting's and the assignment rules' failures, by stable code, with their English text. A bad
 * `agents` or `mode` needs no code of its own: it answers field.invalid_option naming the field.
 */
export const leadAccessErrorMessages = {
  "lead_assignment.one_person": "Choose exactly one person to receive these leads",
  "lead_assignment.no_people": "Choose at least one person to take turns",
  "lead_assignment.repeated_person": "Each person can be chosen once",
  "lead_assignment.repeated_source": "Each source has one rule: {source} is given twice",
  "lead_assignment.unknown_person": "No member of staff has the id {userId}",
  "lead_assignment.deactivated": "{name} is deactivated and cannot receive leads",
  "lead_assignment.cannot_hold_leads": "{name} is a viewer and cannot hold leads",
} as const;
