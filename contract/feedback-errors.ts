// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The feedback area's failures (contract/feedback.ts), by stable code, with their English text. */
export const feedbackErrorMessages = {
  "feedback.description_required": "Please provide feedback description",
  "feedback.invalid_type": "Type must be one of: {options}",
} as const;
