// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** Customer success's failures (contract/customer-success.ts: its NPS survey), by stable code, with their English. */
export const customerSuccessErrorMessages = {
  "nps.invitation_invalid": "This survey link is no longer valid: it was used or has expired.",
  "nps.lead_unknown": "No lead has this id",
} as const;
