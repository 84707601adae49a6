// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** Saved views of the leads table (contract/lead-views.ts). */
export const leadViewErrorMessages = {
  "lead_view.not_found": "Saved view not found",
  "lead_view.name_taken": "You already have a view named {name}",
  "lead_view.share_forbidden": "Sharing a view with everyone needs a manager or administrator",
  "lead_view.edit_forbidden": "Only the view's owner (or a manager, for a shared view) may change or delete it",
} as const;
