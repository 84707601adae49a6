import { errorMessage } from "@contract/error-message";
import { kpiSyncBodySchema, type TopProduct } from "@contract/kpi";

/**
 * The Top Products of the Sync KPI Data form, typed as rows or pasted as JSON. Both are checked by the one schema the
 * server applies (contract/kpi.ts), so a row's field and a pasted product get the same messages ("totalSales must be
 * a number"). Pure functions: the form and its unit test use them as they are.
 */

export const PRODUCT_FIELDS = ["name", "totalSales", "averageRevenue", "totalRevenue", "profitMargin"] as const satisfies readonly (keyof TopProduct)[];
export type ProductField = (typeof PRODUCT_FIELDS)[number];
const AMOUNT_FIELDS = PRODUCT_FIELDS.filter((field) => field !== "name");

/** A product as its row holds it: what was typed in each field. */
export type ProductRow = Record<ProductField, string>;

export const emptyRow = (): ProductRow => ({ name: "", totalSales: "", averageRevenue: "", totalRevenue: "", profitMargin: "" });

/** A row with nothing typed in it stands for no product: the editor may keep one open without it being sent. */
export const isBlankRow = (row: ProductRow): boolean => PRODUCT_FIELDS.every((field) => row[field].trim() === "");

/** The product a row stands for: amounts as numbers, an empty amount left out (the schema then says it is missing). */
export function rowToProduct(row: ProductRow): Record<string, unknown> {
  const product: Record<string, unknown> = { name: row.name };
  for (const field of AMOUNT_FIELDS) {
    const text = row[field].trim();
    if (text !== "") product[field] = Number(text);
  }
  return product;
}

/** The rows that hold something, with their place among all rows. */
function filledRows(rows: ProductRow[]): { row: ProductRow; index: number }[] {
  return rows.flatMap((row, index) => (isBlankRow(row) ? [] : [{ row, index }]));
}

/** The JSON the rows make (what Paste JSON shows on switching to it); no filled row makes an empty box, not "[]". */
export function rowsToJson(rows: ProductRow[]): string {
  const products = filledRows(rows).map(({ row }) => rowToProduct(row));
  return products.length === 0 ? "" : JSON.stringify(products, null, 2);
}

/** A product's value shown in its row's field; undefined when a row could not hold it (text where a number goes). */
function cellText(field: ProductField, value: unknown): string | undefined {
  if (value === undefined || value === null) return "";
  if (field === "name") return typeof value === "string" ? value : undefined;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
}

const topProductsListSchema = kpiSyncBodySchema.shape.topProducts;
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Why the products cannot be sent. `required`, `not_a_list` and list-wide issues carry a contract message code
 * (`product` absent); `invalid_json` is the spec's own toast text, said by the form. An issue with `product` is about
 * one product: its row in the editor (0-based, counting every row) or its place in the pasted list.
 */
export type ProductsIssue = { product?: number; field?: ProductField; message: string };
export type ProductsCheck =
  | { ok: true; products: TopProduct[] }
  | { ok: false; problem: "invalid_json" }
  | { ok: false; problem: "issues"; issues: ProductsIssue[] };

const REQUIRED: ProductsCheck = { ok: false, problem: "issues", issues: [{ message: errorMessage("kpi.top_products_required") }] };
const NOT_A_LIST: ProductsCheck = { ok: false, problem: "issues", issues: [{ message: errorMessage("kpi.top_products_list") }] };

/** The products through the contract's list schema; `placeOf` turns a list index into the place the person sees. */
function checkList(products: unknown[], placeOf: (index: number) => number): ProductsCheck {
  if (products.length === 0) return REQUIRED;
  const parsed = topProductsListSchema.safeParse(products);
  if (parsed.success) return { ok: true, products: parsed.data };
  const issues = parsed.error.issues.map((issue): ProductsIssue => {
    const [index, field] = issue.path;
    if (typeof index !== "number") return { message: issue.message };
    const known = PRODUCT_FIELDS.find((name) => name === field);
    return known ? { product: placeOf(index), field: known, message: issue.message } : { product: placeOf(index), message: issue.message };
  });
  return { ok: false, problem: "issues", issues };
}

/** The editor's rows as products: blank rows are skipped, none filled is "Top Products data is required". */
export function checkRows(rows: ProductRow[]): ProductsCheck {
  const filled = filledRows(rows);
  return checkList(
    filled.map(({ row }) => rowToProduct(row)),
    (index) => filled[index]?.index ?? index,
  );
}

/** Pasted text as a list of products: an array, or one product object on its own. */
function parseJsonList(text: string): { ok: true; items: Record<string, unknown>[] } | { ok: false; check: ProductsCheck } {
  if (text.trim() === "") return { ok: false, check: REQUIRED };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, check: { ok: false, problem: "invalid_json" } };
  }
  const list = isPlainObject(parsed) ? [parsed] : parsed;
  if (!Array.isArray(list) || !list.every(isPlainObject)) return { ok: false, check: NOT_A_LIST };
  return { ok: true, items: list };
}

/** Pasted JSON checked as the server would check it: empty is required, unparsable is the spec's invalid JSON. */
export function checkJson(text: string): ProductsCheck {
  const list = parseJsonList(text);
  return list.ok ? checkList(list.items, (index) => index) : list.check;
}

export type JsonToRows = { ok: true; rows: ProductRow[] } | Exclude<ProductsCheck, { ok: true }>;

/**
 * Pasted JSON as editor rows (on switching from Paste JSON to the rows). Missing values become empty fields, extra
 * keys are dropped as the server drops them; a value no field can hold (text for an amount) keeps the JSON, with the
 * contract's message for it. An empty box makes no rows.
 */
export function jsonToRows(text: string): JsonToRows {
  if (text.trim() === "") return { ok: true, rows: [] };
  const list = parseJsonList(text);
  if (!list.ok) return list.check as Exclude<ProductsCheck, { ok: true }>;
  const rows: ProductRow[] = [];
  for (const [index, item] of list.items.entries()) {
    const row = emptyRow();
    for (const field of PRODUCT_FIELDS) {
      const cell = cellText(field, item[field]);
      if (cell === undefined) {
        const checked = checkList([item], () => index);
        const issue = checked.ok || checked.problem !== "issues" ? undefined : checked.issues.find((i) => i.field === field);
        return { ok: false, problem: "issues", issues: [{ product: index, field, message: issue?.message ?? errorMessage("kpi.top_products_list") }] };
      }
      row[field] = cell;
    }
    rows.push(row);
  }
  return { ok: true, rows };
}
