import { z } from "zod";
import { isoDateTime } from "./common";
import { issueStatuses, type IssueStatus } from "./issue-statuses";

/**
 * open: reported, proposal being prepared; awaiting_review: a proposal exists and waits for staff;
 * approved / rejected: a person decided; failed: the proposal could not be produced (see repairFailure).
 */
export { issueStatuses, type IssueStatus };
export const issueStatusSchema = z.enum(issueStatuses);

export const ISSUE_DESCRIPTION_MIN = 10;
export const ISSUE_DESCRIPTION_MAX = 10_000;
export const ISSUE_NOTES_MAX = 5_000;

const screenshotUrlSchema = z
  .string()
  .trim()
  .max(2000, "Maximum 2000 characters allowed")
  .pipe(z.url({ protocol: /^https?$/, error: "Invalid URL" }).or(z.literal("")))
  .nullish()
  .transform((v) => v || null);

export const issueBodySchema = z.object({
  email: z.string({ error: "Invalid email address" }).trim().max(150, "Maximum 150 characters allowed").pipe(z.email("Invalid email address")),
  description: z
    .string({ error: `Description must be at least ${ISSUE_DESCRIPTION_MIN} characters` })
    .trim()
    .min(ISSUE_DESCRIPTION_MIN, `Description must be at least ${ISSUE_DESCRIPTION_MIN} characters`)
    .max(ISSUE_DESCRIPTION_MAX, `Maximum ${ISSUE_DESCRIPTION_MAX} characters allowed`),
  screenshotUrl: screenshotUrlSchema,
});
export type IssueBody = z.input<typeof issueBodySchema>;

/** Where a proposal came from: a configured model, or retrieval alone when no model is configured. */
export const repairSourceSchema = z.object({
  kind: z.enum(["model", "retrieval"]),
  /** The model's name as configured (AI_MODEL) when kind is model. */
  model: z.string().nullable(),
  /** Host of the chat-completions server, never its key. */
  endpoint: z.string().nullable(),
});

/** Context the proposal was built from, ranked by full-text similarity to the description. */
export const repairReferenceSchema = z.object({
  kind: z.enum(["issue", "knowledge"]),
  id: z.number().int(),
  title: z.string(),
  score: z.number(),
});

export const aiRepairLogSchema = z.object({
  summary: z.string(),
  /** Unified diff; empty when no code change applies. */
  codeDiff: z.string(),
  timestamp: isoDateTime,
  source: repairSourceSchema,
  references: z.array(repairReferenceSchema),
});
export type AiRepairLog = z.infer<typeof aiRepairLogSchema>;

/** What the model must answer (validated before anything is stored). */
export const modelProposalSchema = z.object({
  summary: z.string().trim().min(1).max(5_000),
  codeDiff: z.string().max(100_000),
});

export const repairFailureSchema = z.object({
  reason: z.string(),
  attempts: z.number().int(),
  failedAt: isoDateTime,
});

export const issueSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int().nullable().describe("The lead whose email matches the reporter's, when one exists"),
  email: z.string().describe("The reporter's email as submitted"),
  description: z.string(),
  screenshotUrl: z.string().nullable(),
  status: issueStatusSchema,
  aiRepairLog: aiRepairLogSchema.nullable(),
  repairFailure: repairFailureSchema.nullable().describe("Why the last proposal attempt failed (status failed)"),
  approvalRequested: z.boolean().describe("True once a proposal is ready for review"),
  approvalTimestamp: isoDateTime.nullable(),
  manualNotes: z.string().nullable().describe("Notes left by the reviewer on approval or rejection"),
  reviewedBy: z.string().nullable().describe("Email of the staff member who approved or rejected"),
  reviewedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Issue = z.infer<typeof issueSchema>;

export const issueListQuerySchema = z.object({
  q: z.string().trim().max(200, "Maximum 200 characters allowed").optional(),
  status: issueStatusSchema.optional(),
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").max(100_000).default(0),
});
export type IssueListQuery = z.input<typeof issueListQuerySchema>;

export const approveIssueBodySchema = z.object({
  manualNotes: z.string().trim().max(ISSUE_NOTES_MAX, `Maximum ${ISSUE_NOTES_MAX} characters allowed`).nullish().transform((v) => v || null),
});
export const rejectIssueBodySchema = z.object({
  notes: z.string().trim().max(ISSUE_NOTES_MAX, `Maximum ${ISSUE_NOTES_MAX} characters allowed`).nullish().transform((v) => v || null),
});

/**
 * The Manage Issues list's filters (q, status), for its CSV export of every matching issue. An unknown parameter is
 * refused rather than silently exporting more rows.
 */
export const issueExportQuerySchema = issueListQuerySchema.pick({ q: true, status: true }).strict();
export type IssueExportQuery = z.infer<typeof issueExportQuerySchema>;
