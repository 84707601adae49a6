import { z } from "zod";
import { idParamsSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import { approveIssueBodySchema, issueBodySchema, issueExportQuerySchema, issueListQuerySchema, issueSchema, rejectIssueBodySchema } from "@contract/issues";
import { TOTAL_COUNT_HEADER } from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetBatches } from "../../kernel/http/csv-export";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../auth/auth.hook";
import { ISSUE_EXPORT_HEADER, issueExportCells, readIssueExportBatch } from "./issues.data";
import { approveIssue, getIssue, issuesPage, rejectIssue, reportIssue, retryIssue } from "./issues.service";

const tags = ["Technical issues"];
const conflictResponses = { 200: issueSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export function issueRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/issues",
    {
      schema: {
        tags,
        summary: "A page of technical issues, newest first",
        description: `q matches the description (case- and accent-insensitive substring). The ${TOTAL_COUNT_HEADER} header holds the total matching.`,
        querystring: issueListQuerySchema,
        response: { 200: z.array(issueSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await issuesPage(ctx.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.issues;
    },
  );

  csvExportRoute(app, {
    url: "/issues/export.csv",
    tags,
    summary: "Every technical issue matching the Manage Issues filters, newest first",
    description: "q and status filter as in the list; the proposal column holds the proposal's summary.",
    querystring: issueExportQuerySchema,
    csv: (query) => ({
      name: "technical-issues",
      header: ISSUE_EXPORT_HEADER,
      batches: keysetBatches((after, limit) => readIssueExportBatch(ctx.db, query, after, limit)),
      cells: issueExportCells,
    }),
  });

  app.get(
    "/issues/:id",
    { schema: { tags, summary: "One technical issue", params: idParamsSchema, response: { 200: issueSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => getIssue(ctx.db, request.params.id),
  );

  app.post(
    "/issues",
    {
      schema: {
        tags,
        summary: "Report a technical issue; a repair proposal is prepared in the background",
        description:
          "Answers at once with status open. The issue is linked to the lead whose email matches (any letter case). A background job " +
          "ranks earlier approved fixes by similarity and, when an AI model is configured, asks it for a proposal; the issue then becomes " +
          "awaiting_review (or failed, with repairFailure, when the model keeps failing) and staff are notified.",
        body: issueBodySchema,
        response: { 201: issueSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const issue = await reportIssue(ctx, request.body, { principal: signedIn(request), meta: requestMeta(request) });
      return reply.status(201).send(issue);
    },
  );

  app.post(
    "/issues/:id/approve",
    {
      schema: {
        tags,
        summary: "Approve the proposed fix, with optional notes",
        description: "409 when there is no proposal yet or the fix is already approved. Nothing is applied to any code.",
        params: idParamsSchema,
        body: approveIssueBodySchema,
        response: conflictResponses,
      },
    },
    async (request) => approveIssue(ctx, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  app.post(
    "/issues/:id/reject",
    {
      schema: {
        tags,
        summary: "Reject the proposed fix, with optional notes (they guide the next proposal)",
        description: "409 when there is no proposal yet, or the proposal is already approved or rejected.",
        params: idParamsSchema,
        body: rejectIssueBodySchema,
        response: conflictResponses,
      },
    },
    async (request) => rejectIssue(ctx, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  app.post(
    "/issues/:id/retry",
    {
      schema: {
        tags,
        summary: "Ask for a fresh proposal (after a failure, a rejection, or instead of the one awaiting review)",
        description: "The issue becomes open again and a new proposal job starts. 409 when the fix is approved or a proposal is being prepared.",
        params: idParamsSchema,
        response: conflictResponses,
      },
    },
    async (request) => retryIssue(ctx, request.params.id, { principal: signedIn(request), meta: requestMeta(request) }),
  );
}
