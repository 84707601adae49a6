import { feedbackEndpoints } from "@contract/feedback";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetCsv } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { createFeedback } from "./feedback.service";
import { FEEDBACK_EXPORT_HEADER, feedbackExportCells, listFeedback, readFeedbackExportBatch } from "./feedback.data";

export function feedbackRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, feedbackEndpoints.list, async (request) => listFeedback(ctx.db, request.query.limit));

  csvExportRoute(app, feedbackEndpoints.exportCsv, (query) =>
    keysetCsv({
      name: "feedback",
      header: FEEDBACK_EXPORT_HEADER,
      read: (after, limit) => readFeedbackExportBatch(ctx.db, query, after, limit),
      cells: feedbackExportCells,
    }),
  );

  endpointRoute(app, feedbackEndpoints.create, async (request) => {
    const { type, description, screenshotUrl } = request.body;
    return createFeedback(ctx.db, { userEmail: signedIn(request).user.email, type, description, screenshotUrl });
  });
}
