import { z } from "zod";

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** The one shape every failed API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string().describe("A message meant for a person, in English"),
  code: z
    .string()
    .describe("What went wrong, as a stable code (e.g. `lead.email_taken`, `field.too_long`) to act on or translate; the English may change, the code does not"),
  params: paramsSchema.optional().describe("Values the message names, by name (e.g. `{ \"minutes\": 15 }`)"),
  fields: z.record(z.string(), z.string()).optional().describe("Per-field messages in English, keyed by field path"),
  fieldCodes: z
    .record(z.string(), z.object({ code: z.string(), params: paramsSchema.optional() }))
    .optional()
    .describe("The same fields' errors as codes and params (e.g. `{ \"name\": { \"code\": \"field.too_long\", \"params\": { \"max\": 100 } } }`)"),
  mergedInto: z
    .number()
    .int()
    .optional()
    .describe("410 lead_duplicates.merged_away only: the id of the lead this one was merged into, where its data now is"),
});
/** Codes are typed as strings here: a client may meet a code newer than its own catalogue (contract/error-codes.ts). */
export type ApiError = z.infer<typeof apiErrorSchema>;
