// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The search area's failures (contract/search.ts), by stable code, with their English text. */
export const searchErrorMessages = {
  "search.term_required": "Enter a search term",
} as const;
