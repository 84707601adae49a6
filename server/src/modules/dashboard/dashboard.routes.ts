import { dashboardSchema } from "@contract/dashboard";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { dashboardStats } from "./dashboard.service";

export function dashboardRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/dashboard",
    {
      schema: {
        tags: ["Dashboard"],
        summary: "Revenue sums, lead counts, weekly new leads and the status breakdown",
        description: "Every figure is read from trigger-kept counters, so it costs the same at a million leads as at ten.",
        response: { 200: dashboardSchema },
      },
    },
    async () => dashboardStats(ctx.db),
  );
}
