import { z } from "zod";
import { isoDateTime } from "./common";

export const feedbackTypes = ["General", "Bug", "Feature Request"] as const;
export const feedbackTypeSchema = z.enum(feedbackTypes, { error: `Type must be one of: ${feedbackTypes.join(", ")}` });

export const FEEDBACK_POLL_MS = 30_000;

export const feedbackBodySchema = z.object({
  type: feedbackTypeSchema.default("General"),
  description: z
    .string({ error: "Please provide feedback description" })
    .trim()
    .min(1, "Please provide feedback description")
    .max(5000, "Maximum 5000 characters allowed"),
  screenshotUrl: z
    .string()
    .trim()
    .max(2000, "Maximum 2000 characters allowed")
    .pipe(z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).or(z.literal("")))
    .nullish()
    .transform((v) => v || null),
  userEmail: z.string().optional().describe("Ignored: feedback is always recorded under the signed-in user's email"),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const feedbackSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  type: feedbackTypeSchema,
  description: z.string(),
  screenshotUrl: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Feedback's CSV export: everything the Recent Feedback list draws from (the list shows the newest page), optionally
 * one type. An unknown parameter is refused rather than silently exporting more rows.
 */
export const feedbackExportQuerySchema = z.object({ type: feedbackTypeSchema.optional() }).strict();
export type FeedbackExportQuery = z.infer<typeof feedbackExportQuerySchema>;
