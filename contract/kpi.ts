import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { leadEmailSchema } from "./leads";
import { TOTAL_COUNT_HEADER } from "./list-reply";
import { moneyInput, moneyOutput } from "./money";

/** A top product's number that may not be negative; its name starts the messages ("totalSales must be a number"). */
const amountField = (field: string) =>
  z.number({ error: errorMessage("field.named_not_number", { field }) }).min(0, errorMessage("field.named_negative", { field }));

export const topProductSchema = z.object({
  name: z
    .string({ error: errorMessage("field.named_required", { field: "name" }) })
    .trim()
    .min(1, errorMessage("field.named_required", { field: "name" }))
    .max(200, errorMessage("field.too_long", { max: 200 })),
  totalSales: amountField("totalSales"),
  averageRevenue: amountField("averageRevenue"),
  totalRevenue: amountField("totalRevenue"),
  profitMargin: z
    .number({ error: errorMessage("field.named_not_number", { field: "profitMargin" }) })
    .min(-100, errorMessage("kpi.profit_margin_range"))
    .max(100, errorMessage("kpi.profit_margin_range")),
});
export type TopProduct = z.infer<typeof topProductSchema>;

/** The most top products one KPI record holds. */
export const MAX_TOP_PRODUCTS = 100;

export const kpiSyncBodySchema = z.object({
  email: leadEmailSchema,
  ytdRevenue: moneyInput(errorMessage("kpi.ytd_required")),
  mrr: moneyInput(errorMessage("kpi.mrr_required")),
  topProducts: z.array(topProductSchema, { error: errorMessage("kpi.top_products_required") }).max(MAX_TOP_PRODUCTS, errorMessage("field.too_many", { max: MAX_TOP_PRODUCTS })),
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

/** A lead's KPI record as its page shows it: null until KPI data is synced for the lead. */
export const leadKpiSchema = z.object({ record: kpiRecordSchema.nullable().describe("null: no KPI data for this lead yet") });
export type LeadKpi = z.infer<typeof leadKpiSchema>;

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

// Endpoints

const kpiTags = ["KPI metrics"];

export const kpiEndpoints = defineEndpoints("kpi", {
  sync: defineEndpoint({
    method: "POST",
    permission: "kpi.write",
    path: "/kpi",
    body: kpiSyncBodySchema,
    reply: kpiRecordSchema,
    errors: [400, 404],
    tags: kpiTags,
    summary: "Create or update the KPI record of the lead with this email",
    description: "Money is stored as numeric(14,2); answers carry it as decimal strings.",
  }),
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/kpi",
    query: kpiListQuerySchema,
    reply: z.array(kpiRecordSchema),
    paged: true,
    tags: kpiTags,
    summary: "KPI records, most recently updated first (only leads with KPI data)",
    description: `The ${TOTAL_COUNT_HEADER} header holds how many leads have KPI data.`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/kpi/export.csv",
    query: kpiExportQuerySchema,
    download: "csv",
    errors: [400],
    tags: kpiTags,
    summary: "Every KPI record, most recently updated first",
    description: "The KPI screen has no filters, so neither has its export; an unknown query parameter answers 400.",
  }),
  totals: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/kpi/totals",
    reply: kpiTotalsSchema,
    tags: kpiTags,
    summary: "Sums of YTD revenue and MRR over every lead, and how many leads have KPI data",
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/kpi/:id",
    params: idParamsSchema,
    reply: kpiRecordSchema,
    errors: [404],
    tags: kpiTags,
    summary: "One KPI record with its top products",
  }),
  ofLead: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id/kpi",
    params: idParamsSchema,
    reply: leadKpiSchema,
    errors: [404, 410],
    tags: kpiTags,
    summary: "A lead's KPI record with its top products, or null when it has none",
    description: "An unknown lead, or one outside the caller's lead scope, answers 404; a merged-away lead 410 with mergedInto.",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "kpi.write",
    path: "/kpi/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404],
    tags: kpiTags,
    summary: "Delete a KPI record (the lead stays)",
  }),
});
