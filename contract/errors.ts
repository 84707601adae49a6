import { z } from "zod";

/** The one shape every failed API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string().describe("A message meant for a person"),
  fields: z.record(z.string(), z.string()).optional().describe("Per-field messages, keyed by field path"),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
