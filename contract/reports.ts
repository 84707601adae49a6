import { z } from "zod";
import { errorMessage } from "./error-message";
import { isoDate } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { leadSchema } from "./leads";
import { TOTAL_COUNT_HEADER } from "./list-reply";

/** Lead report filters; all optional. source is the form's Business Type and filters on industry. */
export const reportFilterSchema = z
  .object({
    source: z.string().trim().max(50).optional().transform((v) => v || undefined),
    startDate: isoDate("startDate").optional(),
    endDate: isoDate("endDate").optional().describe("Inclusive: leads created on this day are included"),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: errorMessage("report.end_before_start"),
    path: ["endDate"],
  });
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportQuerySchema = z.intersection(
  reportFilterSchema,
  z.object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
);

// Endpoints

const reportTags = ["Reports"];

export const reportEndpoints = defineEndpoints("reports", {
  run: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/reports",
    query: reportQuerySchema,
    reply: z.array(leadSchema),
    paged: true,
    errors: [400],
    tags: reportTags,
    summary: "Lead report: leads filtered by Business Type (industry) and creation dates, newest first",
    description: `All filters optional; endDate is inclusive; days are UTC. The ${TOTAL_COUNT_HEADER} header holds the total.`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/reports/export.csv",
    query: reportFilterSchema,
    download: "csv",
    errors: [400],
    tags: reportTags,
    summary: "Exactly the filtered report",
  }),
});
