import { leadViewEndpoints } from "@contract/lead-views";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { clearDefaultView, createView, listViews, removeView, replaceView, setDefaultView } from "./lead-views.service";

export function leadViewRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, leadViewEndpoints.list, async (request) => listViews(ctx.db, signedIn(request)));
  endpointRoute(app, leadViewEndpoints.create, async (request) => createView(ctx.db, signedIn(request), request.body));
  endpointRoute(app, leadViewEndpoints.update, async (request) => replaceView(ctx.db, signedIn(request), request.params.id, request.body));
  endpointRoute(app, leadViewEndpoints.delete, async (request) => {
    await removeView(ctx.db, signedIn(request), request.params.id);
    return undefined;
  });
  endpointRoute(app, leadViewEndpoints.setDefault, async (request) => setDefaultView(ctx.db, signedIn(request), request.params.id));
  endpointRoute(app, leadViewEndpoints.clearDefault, async (request) => {
    await clearDefaultView(ctx.db, signedIn(request));
    return undefined;
  });
}
