import { z } from "zod";
import { defineFamily } from "./family";

/**
 * Succession documentation (Enterprise → Succession; issue 12.7): the documents a successor needs, each with an
 * owner and a review date. The list answers the most overdue first (review due ascending).
 */
export const successionDocumentFamily = defineFamily({
  key: "successionDocument",
  table: "succession_documents",
  path: "/succession/documentation",
  listKey: "documents",
  tag: "Succession",
  noun: "succession document",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    owner: { kind: "text", required: true },
    version: { kind: "text", default: "1.0", max: 20 },
    body: { kind: "markdown", required: true },
    lastReviewed: { kind: "date" },
    reviewDue: { kind: "date", required: true },
  },
  order: [
    { field: "reviewDue", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    total_documents: z.number().int(),
    overdue_documents: z.number().int().describe("Documents whose review due date is before today (UTC)"),
    next_review_due: z.string().nullable().describe("The earliest review due today or later"),
  }),
});
