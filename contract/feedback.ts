import { z } from "zod";
import { errorMessage } from "./error-message";
import { isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";

export const feedbackTypes = ["General", "Bug", "Feature Request"] as const;
export const feedbackTypeSchema = z.enum(feedbackTypes, { error: errorMessage("feedback.invalid_type", { options: feedbackTypes.join(", ") }) });

export const FEEDBACK_POLL_MS = 30_000;

export const feedbackBodySchema = z.object({
  type: feedbackTypeSchema.default("General"),
  description: z
    .string({ error: errorMessage("feedback.description_required") })
    .trim()
    .min(1, errorMessage("feedback.description_required"))
    .max(5000, errorMessage("field.too_long", { max: 5000 })),
  screenshotUrl: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: errorMessage("field.invalid_url") }).or(z.literal("")))
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

// Endpoints

const feedbackTags = ["Feedback"];

export const feedbackEndpoints = defineEndpoints("feedback", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/feedback",
    query: feedbackListQuerySchema,
    reply: z.array(feedbackSchema),
    tags: feedbackTags,
    summary: "Recent feedback, newest first",
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/feedback/export.csv",
    query: feedbackExportQuerySchema,
    download: "csv",
    errors: [400],
    tags: feedbackTags,
    summary: "All feedback (optionally one type), newest first",
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "feedback.write",
    path: "/feedback",
    body: feedbackBodySchema,
    reply: feedbackSchema,
    status: 201,
    errors: [400],
    tags: feedbackTags,
    summary: "Send feedback; it is recorded under the signed-in user's email",
  }),
});
