import { z } from "zod";
import { isoDateTime } from "./common";
import { leadEmailSchema } from "./leads";
import { moneyInput, moneyOutput } from "./money";

export const topProductSchema = z.object({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(200, "Maximum 200 characters allowed"),
  totalSales: z.number({ error: "totalSales must be a number" }).min(0, "totalSales must be zero or more"),
  averageRevenue: z.number({ error: "averageRevenue must be a number" }).min(0, "averageRevenue must be zero or more"),
  totalRevenue: z.number({ error: "totalRevenue must be a number" }).min(0, "totalRevenue must be zero or more"),
  profitMargin: z.number({ error: "profitMargin must be a number" }).min(-100).max(100, "profitMargin is a percentage (-100 to 100)"),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const kpiSyncBodySchema = z.object({
  email: leadEmailSchema,
  ytdRevenue: moneyInput("YTD Revenue is required"),
  mrr: moneyInput("MRR is required"),
  topProducts: z.array(topProductSchema, { error: "Top Products data is required" }).max(100, "At most 100 products"),
});
export type KpiSyncBody = z.input<typeof kpiSyncBodySchema>;

export const kpiRecordSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  businessName: z.string(),
  email: z.string(),
  ytdRevenue: moneyOutput,
  mrr: moneyOutput,
  topProducts: z.array(topProductSchema),
  updatedAt: isoDateTime,
});
export type KpiRecord = z.infer<typeof kpiRecordSchema>;

export const kpiTotalsSchema = z.object({
  totalYtd: moneyOutput,
  totalMrr: moneyOutput,
  leadsWithKpi: z.number().int(),
});
export type KpiTotals = z.infer<typeof kpiTotalsSchema>;

export const kpiListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** The KPI screen lists every record with no filters; a parameter the export does not know is refused, not ignored. */
export const kpiExportQuerySchema = z.object({}).strict();
