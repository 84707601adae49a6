import { z } from "zod";
import { apiErrorSchema } from "@contract/errors";
import { feedbackBodySchema, feedbackExportQuerySchema, feedbackListQuerySchema, feedbackSchema } from "@contract/feedback";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetBatches } from "../../kernel/http/csv-export";
import { signedIn } from "../auth/auth.hook";
import { FEEDBACK_EXPORT_HEADER, feedbackExportCells, insertFeedback, listFeedback, readFeedbackExportBatch } from "./feedback.data";

const tags = ["Feedback"];

export function feedbackRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/feedback",
    { schema: { tags, summary: "Recent feedback, newest first", querystring: feedbackListQuerySchema, response: { 200: z.array(feedbackSchema) } } },
    async (request) => listFeedback(ctx.db, request.query.limit),
  );

  csvExportRoute(app, {
    url: "/feedback/export.csv",
    tags,
    summary: "All feedback (optionally one type), newest first",
    querystring: feedbackExportQuerySchema,
    csv: (query) => ({
      name: "feedback",
      header: FEEDBACK_EXPORT_HEADER,
      batches: keysetBatches((after, limit) => readFeedbackExportBatch(ctx.db, query, after, limit)),
      cells: feedbackExportCells,
    }),
  });

  app.post(
    "/feedback",
    {
      schema: {
        tags,
        summary: "Send feedback; it is recorded under the signed-in user's email",
        body: feedbackBodySchema,
        response: { 201: feedbackSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { type, description, screenshotUrl } = request.body;
      const created = await insertFeedback(ctx.db, { userEmail: signedIn(request).user.email, type, description, screenshotUrl });
      return reply.status(201).send(created);
    },
  );
}
