import type { FastifyRequest } from "fastify";
import { effectiveLeadSort, leadEndpoints } from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { createLead, deleteLead, getLead, leadsCsv, listLeads, updateLead } from "./leads.service";

/** Whom assignee=me names: the signed-in person, or the person whose API key this is. */
const listingPerson = (request: FastifyRequest) => ({ id: signedIn(request).user.id });

export function leadRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadEndpoints.list, async (request) => {
    const page = await listLeads(ctx.db, request.query, listingPerson(request));
    return { total: page.total, exact: page.exact, nextCursor: page.nextCursor, rowsJson: page.leadsJson };
  });

  csvExportRoute(app, leadEndpoints.exportCsv, ({ sort, dir, columns, ...filter }, request) =>
    leadsCsv(ctx.db, { ...filter, me: listingPerson(request) }, effectiveLeadSort(sort, dir), columns),
  );

  endpointRoute(app, leadEndpoints.get, async (request) => getLead(ctx.db, request.params.id));

  endpointRoute(app, leadEndpoints.create, { config: { apiKeyScopes: ["leads:write", "full"] } }, async (request) =>
    createLead(ctx.db, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, leadEndpoints.update, async (request) =>
    updateLead(ctx.db, request.params.id, request.body, signedIn(request), requestMeta(request)),
  );

  endpointRoute(app, leadEndpoints.remove, async (request) => {
    await deleteLead(ctx.db, request.params.id, signedIn(request), requestMeta(request));
    return { ok: true as const };
  });
}
