import { leadBulkEndpoints } from "@contract/lead-bulk";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute } from "../../kernel/http/csv-export";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { bulkFile, cancelBulk, getBulk, listBulk, startBulk } from "./lead-bulk.service";

export function leadBulkRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadBulkEndpoints.start, async (request) => startBulk(ctx, signedIn(request), request.body));
  endpointRoute(app, leadBulkEndpoints.list, async (request) => listBulk(ctx.db, signedIn(request)));
  endpointRoute(app, leadBulkEndpoints.get, async (request) => getBulk(ctx.db, signedIn(request), request.params.id));
  endpointRoute(app, leadBulkEndpoints.cancel, async (request) => cancelBulk(ctx.db, signedIn(request), request.params.id));
  csvExportRoute(app, leadBulkEndpoints.file, (_query, request) => {
    const { id } = request.params as { id: number };
    return bulkFile(ctx.db, signedIn(request), id);
  });
}
