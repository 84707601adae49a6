// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The report area's failures (contract/reports.ts), by stable code, with their English text. */
export const reportErrorMessages = {
  "report.end_before_start": "endDate must be on or after startDate",
} as const;
