// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The consent area's failures (contract/consent.ts), by stable code, with their English text. */
export const consentErrorMessages = {
  "consent.type_required": "Consent type is required",
} as const;
