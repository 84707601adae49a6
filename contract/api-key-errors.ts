// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The API key area's failures (contract/api-keys.ts), by stable code, with their English text. */
export const apiKeyErrorMessages = {
  "api_key.not_found": "API key not found",
  "api_key.label_required": "Label is required",
  "api_key.invalid_scope": "Scope must be one of {options}",
} as const;
