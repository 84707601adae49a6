// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The security screen's and audit trail's failures, by stable code, with their English text. */
export const securityErrorMessages = {
  "security.session_not_found": "No active session has this id: it has ended or was already revoked",
  "audit.range_reversed": "from must be on or before to: the range starts after it ends",
} as const;
