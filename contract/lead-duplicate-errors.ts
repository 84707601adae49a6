// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** Duplicates of leads and their merge (contract/lead-duplicates.ts). */
export const leadDuplicateErrorMessages = {
  "lead_duplicates.merge_self": "A lead cannot be merged with itself",
  "lead_duplicates.other_not_found": "The lead to merge (id {otherId}) does not exist",
  "lead_duplicates.unknown_field": "{field} is not a field that can be chosen in a merge",
  "lead_duplicates.merged_away": "This lead was merged into lead {mergedInto}",
  "lead_duplicates.paid_commission":
    "Both leads were referred and the commission of lead {otherId} is already paid: merge lead {otherId} the other way round, or settle its commission first",
  "lead_duplicates.cursor_invalid": "This page cursor is not one the duplicates list gave",
} as const;
