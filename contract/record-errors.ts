// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The record families' failures (contract/records), by stable code, with their English text. */
export const recordErrorMessages = {
  "record.not_found": "Record not found",
} as const;
