import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client";
import { recordAudit } from "../audit";
import { actorLabel } from "../actor";
import { requestMeta } from "./request-meta";
import type { ZodApp } from "./zod-app";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A staff member's change that succeeded: what the audit trail must hold a row for. Decided from the route that
 * matched and the principal the auth hook found for it, however the path was spelled.
 */
export function isAuditedMutation(request: FastifyRequest, statusCode: number): boolean {
  return (
    request.principal !== null &&
    !READ_METHODS.has(request.method) &&
    statusCode >= 200 &&
    statusCode < 300 &&
    Boolean(request.routeOptions.url)
  );
}

/**
 * The guarantee behind the audit trail: every successful change a staff member (or one of their API keys) makes
 * leaves an audit row. Areas write their own row in the mutation's transaction (kernel/audit.ts), with an action and
 * details that say what changed; recordAudit marks the request as audited. A mutation that succeeded without one (a
 * notification marked read, or a route added later that forgot) gets a generic row here, naming the route and the
 * path, before the answer is sent, so a client that sees the 2xx also finds the row.
 */
export function registerAuditFallback(app: ZodApp, db: Database) {
  app.decorateRequest("audited", false);
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.audited || !isAuditedMutation(request, reply.statusCode)) return payload;
    const principal = request.principal!;
    const route = `${request.method} ${request.routeOptions.url ?? ""}`.slice(0, 100);
    const path = request.url.split("?")[0] ?? "";
    try {
      await recordAudit(db, { userEmail: actorLabel(principal), action: route, message: { code: "request.answered", params: { method: request.method, path, status: reply.statusCode } }, meta: requestMeta(request) });
    } catch (error) {
      // The change is already committed: a failed audit write is logged, and never turns the answer into an error.
      request.log.error({ err: error }, "audit fallback row not written");
    }
    return payload;
  });
}
