import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { issueStatuses, type IssueStatus } from "./issue-statuses";
import { TOTAL_COUNT_HEADER } from "./list-reply";

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
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: errorMessage("issue.invalid_url") }).or(z.literal("")))
  .nullish()
  .transform((v) => v || null);

export const issueBodySchema = z.object({
  email: z.string({ error: errorMessage("issue.invalid_email") }).trim().max(150, errorMessage("field.too_long", { max: 150 })).pipe(z.email(errorMessage("issue.invalid_email"))),
  description: z
    .string({ error: errorMessage("issue.description_too_short", { min: ISSUE_DESCRIPTION_MIN }) })
    .trim()
    .min(ISSUE_DESCRIPTION_MIN, errorMessage("issue.description_too_short", { min: ISSUE_DESCRIPTION_MIN }))
    .max(ISSUE_DESCRIPTION_MAX, errorMessage("field.too_long", { max: ISSUE_DESCRIPTION_MAX })),
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

/**
 * Whether a repair log proposes a fix for its issue, so that it can be approved. Only a model writes one; without a
 * model (AI_BASE_URL and AI_MODEL unset) the log lists related earlier fixes and articles for a person to fix the
 * issue by hand, and says that no change is proposed.
 */
export const proposesFix = (log: Pick<AiRepairLog, "source">): boolean => log.source.kind === "model";

/** What the model must answer (validated before anything is stored). */
export const modelProposalSchema = z.object({
  summary: z.string().trim().min(1).max(5_000),
  codeDiff: z.string().max(100_000),
});

export const repairFailureSchema = z.object({
  reason: z.string().describe("Why, in English"),
  code: z.string().nullable().optional().describe("Why, as a code of repairFailureMessages (contract/server-messages.ts); absent on failures stored before codes"),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional().describe("The code's params"),
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
  approvalRequested: z.boolean().describe("True once a proposed fix is ready for review; false for a list of related fixes made without a model, which cannot be approved"),
  approvalTimestamp: isoDateTime.nullable(),
  manualNotes: z.string().nullable().describe("Notes left by the reviewer on approval or rejection"),
  reviewedBy: z.string().nullable().describe("Email of the staff member who approved or rejected"),
  reviewedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Issue = z.infer<typeof issueSchema>;

export const issueListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: issueStatusSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, errorMessage("list.limit_range", { min: 1, max: 200 }))
    .max(200, errorMessage("list.limit_range", { min: 1, max: 200 }))
    .default(50),
  offset: z.coerce.number().int().min(0, errorMessage("list.offset_negative")).max(100_000).default(0),
});
export type IssueListQuery = z.input<typeof issueListQuerySchema>;

export const approveIssueBodySchema = z.object({
  manualNotes: z.string().trim().max(ISSUE_NOTES_MAX).nullish().transform((v) => v || null),
});
export const rejectIssueBodySchema = z.object({
  notes: z.string().trim().max(ISSUE_NOTES_MAX).nullish().transform((v) => v || null),
});

/**
 * The Manage Issues list's filters (q, status), for its CSV export of every matching issue. An unknown parameter is
 * refused rather than silently exporting more rows.
 */
export const issueExportQuerySchema = issueListQuerySchema.pick({ q: true, status: true }).strict();
export type IssueExportQuery = z.infer<typeof issueExportQuerySchema>;

// Endpoints

const issueTags = ["Technical issues"];

export const issueEndpoints = defineEndpoints("issues", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/issues",
    query: issueListQuerySchema,
    reply: z.array(issueSchema),
    paged: true,
    errors: [400],
    tags: issueTags,
    summary: "A page of technical issues, newest first",
    description: `q matches the description (case- and accent-insensitive substring). The ${TOTAL_COUNT_HEADER} header holds the total matching.`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/issues/export.csv",
    query: issueExportQuerySchema,
    download: "csv",
    errors: [400],
    tags: issueTags,
    summary: "Every technical issue matching the Manage Issues filters, newest first",
    description: "q and status filter as in the list; the proposal column holds the proposal's summary.",
  }),
  proposalSource: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/issues/proposal-source",
    reply: repairSourceSchema,
    tags: issueTags,
    summary: "Who writes the next repair proposals: the configured AI model, or retrieval alone",
    description:
      "kind model with the model's name and its server's host when AI_BASE_URL and AI_MODEL are set; otherwise kind retrieval: a new " +
      "issue then gets a list of related approved fixes and knowledge-base articles, and no fix to approve.",
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/issues/:id",
    params: idParamsSchema,
    reply: issueSchema,
    errors: [400, 404],
    tags: issueTags,
    summary: "One technical issue",
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "issues.write",
    path: "/issues",
    body: issueBodySchema,
    reply: issueSchema,
    status: 201,
    errors: [400],
    tags: issueTags,
    summary: "Report a technical issue; a repair proposal is prepared in the background",
    description:
      "Answers at once with status open. The issue is linked to the lead whose email matches (any letter case). A background job " +
      "ranks earlier approved fixes by similarity and, when an AI model is configured, asks it for a proposal; the issue then becomes " +
      "awaiting_review (or failed, with repairFailure, when the model keeps failing) and staff are notified.",
  }),
  approve: defineEndpoint({
    method: "POST",
    permission: "issues.review",
    path: "/issues/:id/approve",
    params: idParamsSchema,
    body: approveIssueBodySchema,
    reply: issueSchema,
    errors: [400, 404, 409],
    tags: issueTags,
    summary: "Approve the proposed fix, with optional notes",
    description:
      "409 when there is no proposal yet (issue.no_proposal), when no fix was proposed because no AI model is configured and the log only " +
      "lists related earlier fixes (issue.no_fix_proposed), or when the fix is already approved. Nothing is applied to any code.",
  }),
  reject: defineEndpoint({
    method: "POST",
    permission: "issues.review",
    path: "/issues/:id/reject",
    params: idParamsSchema,
    body: rejectIssueBodySchema,
    reply: issueSchema,
    errors: [400, 404, 409],
    tags: issueTags,
    summary: "Reject the proposed fix, with optional notes (they guide the next proposal)",
    description: "409 when there is no proposal yet, or the proposal is already approved or rejected.",
  }),
  retry: defineEndpoint({
    method: "POST",
    permission: "issues.review",
    path: "/issues/:id/retry",
    params: idParamsSchema,
    reply: issueSchema,
    errors: [400, 404, 409],
    tags: issueTags,
    summary: "Ask for a fresh proposal (after a failure, a rejection, or instead of the one awaiting review)",
    description: "The issue becomes open again and a new proposal job starts. 409 when the fix is approved or a proposal is being prepared.",
  }),
});
