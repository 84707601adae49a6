// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The security screen's and audit trail's failures, by stable code, with their English text. */
export const securityErrorMessages = {
  "security.session_not_found": "No active session has this id: it has ended or was already revoked",
  "audit.range_reversed": "The start of the range is after its end",
} as const;
