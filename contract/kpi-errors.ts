// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The KPI area's failures (contract/kpi.ts), by stable code, with their English text. */
export const kpiErrorMessages = {
  "kpi.not_found": "KPI record not found",
  "kpi.no_lead_with_email": "No lead with this email",
  "kpi.ytd_required": "YTD Revenue is required",
  "kpi.mrr_required": "MRR is required",
  "kpi.top_products_required": "Top Products data is required",
  "kpi.top_products_list": "Top Products must be a list of products",
  "kpi.profit_margin_range": "profitMargin is a percentage (-100 to 100)",
} as const;
