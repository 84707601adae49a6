import { z } from "zod";
import { isoDate } from "./common";

/** Lead report filters; all optional. source is the form's Business Type and filters on industry. */
export const reportFilterSchema = z
  .object({
    source: z.string().trim().max(50, "Maximum 50 characters allowed").optional().transform((v) => v || undefined),
    startDate: isoDate("startDate").optional(),
    endDate: isoDate("endDate").optional().describe("Inclusive: leads created on this day are included"),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: "endDate must be on or after startDate",
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
