import { issueEndpoints } from "@contract/issues";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute, keysetCsv } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { ISSUE_EXPORT_HEADER, issueExportCells, readIssueExportBatch } from "./issues.data";
import { approveIssue, getIssue, issuesPage, proposalSource, rejectIssue, reportIssue, retryIssue } from "./issues.service";

export function issueRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, issueEndpoints.list, async (request) => {
    const page = await issuesPage(ctx.db, request.query);
    return { total: page.total, rows: page.issues };
  });

  csvExportRoute(app, issueEndpoints.exportCsv, (query) =>
    keysetCsv({
      name: "technical-issues",
      header: ISSUE_EXPORT_HEADER,
      read: (after, limit) => readIssueExportBatch(ctx.db, query, after, limit),
      cells: issueExportCells,
    }),
  );

  endpointRoute(app, issueEndpoints.proposalSource, async () => proposalSource(ctx.config));

  endpointRoute(app, issueEndpoints.get, async (request) => getIssue(ctx.db, request.params.id));

  endpointRoute(app, issueEndpoints.create, async (request) =>
    reportIssue(ctx, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, issueEndpoints.approve, async (request) =>
    approveIssue(ctx, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, issueEndpoints.reject, async (request) =>
    rejectIssue(ctx, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, issueEndpoints.retry, async (request) =>
    retryIssue(ctx, request.params.id, { principal: signedIn(request), meta: requestMeta(request) }),
  );
}
