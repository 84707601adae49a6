import { securityEndpoints } from "@contract/security";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { csvExportRoute, keysetCsv } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { readAuditExportBatch } from "./security.data";
import { listAuditTrail, revokeSession, securityOverview } from "./security.service";

const AUDIT_EXPORT_HEADER = ["Id", "When (UTC)", "User id", "User", "Action", "Details", "IP address", "User agent", "Brand", "Session"] as const;

export function securityRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, securityEndpoints.overview, async (request) => securityOverview(ctx.db, signedIn(request)));

  endpointRoute(app, securityEndpoints.revokeSession, async (request) => {
    await revokeSession(ctx.db, request.params.id, { principal: signedIn(request), meta: requestMeta(request) });
    return { ok: true as const };
  });

  endpointRoute(app, securityEndpoints.auditTrail, async (request) => listAuditTrail(ctx.db, request.query));

  csvExportRoute(app, securityEndpoints.auditTrailCsv, (query) =>
    keysetCsv({
      name: "audit-trail",
      header: AUDIT_EXPORT_HEADER,
      read: (after, limit) => readAuditExportBatch(ctx.db, query, after, limit),
      cells: (row) => [row.id, row.createdAt, row.userId, row.userEmail, row.action, row.details, row.ipAddress, row.userAgent, row.brand, row.sessionId],
    }),
  );
}
