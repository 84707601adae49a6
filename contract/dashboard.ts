import { z } from "zod";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { leadStatusSchema } from "./leads";
import { moneyOutput } from "./money";

export const dashboardSchema = z.object({
  ytd: moneyOutput.describe("Sum of every lead's YTD revenue (missing counts as 0)"),
  mrr: moneyOutput.describe("Sum of every lead's monthly recurring revenue (missing counts as 0)"),
  totalLeads: z.number().int(),
  activeAffiliates: z.number().int().describe("Affiliates with status active"),
  leadsPerWeek: z
    .array(z.object({ weekStart: z.string().describe("Monday, YYYY-MM-DD (UTC)"), count: z.number().int() }))
    .describe("New leads in each of the last 12 weeks, oldest first, including empty weeks"),
  leadsByStatus: z.array(z.object({ status: leadStatusSchema, count: z.number().int() })),
});
export type DashboardStats = z.infer<typeof dashboardSchema>;

export const DASHBOARD_WEEKS = 12;

// Endpoints

export const dashboardEndpoints = defineEndpoints("dashboard", {
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/dashboard",
    reply: dashboardSchema,
    tags: ["Dashboard"],
    summary: "Revenue sums, lead counts, weekly new leads and the status breakdown",
    description: "Every figure is read from trigger-kept counters, so it costs the same at a million leads as at ten.",
  }),
});
