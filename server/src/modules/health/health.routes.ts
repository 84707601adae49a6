import { healthEndpoints } from "@contract/health";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { HttpError } from "../../kernel/http/errors";

export function healthRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, healthEndpoints.check, { logLevel: "warn" }, async () => {
    const result = await ctx.database.executeSql("SELECT 1 AS ok").catch(() => null);
    if (!result) throw new HttpError(503, "server.database_unreachable");
    return { status: "ok" as const, database: ctx.database.driver, time: new Date().toISOString() };
  });
}
