import type { TopProduct } from "@contract/kpi";
import type { ProductRow } from "./top-products";

// The KPI sync form's values, shared by the form and its Top Products rows editor.

/** How Top Products is being entered: the rows editor, or the Paste JSON box. */
export type ProductsMode = "rows" | "json";

export type KpiSyncFormValues = {
  email: string;
  ytdRevenue: string;
  mrr: string;
  /** The rows editor; blank rows are not products. */
  topProducts: ProductRow[];
  /** The Paste JSON box. */
  topProductsJson: string;
};
export type KpiSyncFormOutput = { email: string; ytdRevenue: string; mrr: string; topProducts: TopProduct[] };
export type KpiSyncFormContext = { mode: ProductsMode };
