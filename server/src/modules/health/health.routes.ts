import { apiErrorSchema } from "@contract/errors";
import { healthSchema } from "@contract/health";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { HttpError } from "../../kernel/http/errors";

export function healthRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/health",
    {
      config: { public: true },
      logLevel: "warn",
      schema: {
        tags: ["Health"],
        summary: "Liveness with a database round trip",
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      const result = await ctx.database.executeSql("SELECT 1 AS ok").catch(() => null);
      if (!result) throw new HttpError(503, "The database is not reachable");
      return { status: "ok" as const, database: ctx.database.driver, time: new Date().toISOString() };
    },
  );
}
