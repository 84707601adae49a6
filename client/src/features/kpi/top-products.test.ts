// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkJson, checkRows, emptyRow, jsonToRows, rowsToJson, type ProductRow } from "./top-products";

const PREMIUM: ProductRow = { name: "Premium Plan", totalSales: "120", averageRevenue: "250", totalRevenue: "30000", profitMargin: "35" };
const STARTER: ProductRow = { name: "Starter Plan", totalSales: "40", averageRevenue: "49.5", totalRevenue: "1980", profitMargin: "-12.5" };
const PREMIUM_PRODUCT = { name: "Premium Plan", totalSales: 120, averageRevenue: 250, totalRevenue: 30000, profitMargin: 35 };
const STARTER_PRODUCT = { name: "Starter Plan", totalSales: 40, averageRevenue: 49.5, totalRevenue: 1980, profitMargin: -12.5 };

describe("Top Products: rows and JSON", () => {
  it("turns rows into the JSON they make, with numbers typed as numbers and blank rows left out", () => {
    const json = rowsToJson([PREMIUM, emptyRow(), STARTER]);
    expect(JSON.parse(json)).toEqual([PREMIUM_PRODUCT, STARTER_PRODUCT]);
    expect(json).toContain('"totalSales": 120');
    expect(rowsToJson([emptyRow()])).toBe("");
    expect(rowsToJson([])).toBe("");
  });

  it("turns JSON back into the same rows", () => {
    expect(jsonToRows(rowsToJson([PREMIUM, STARTER]))).toEqual({ ok: true, rows: [PREMIUM, STARTER] });
    expect(jsonToRows(JSON.stringify(PREMIUM_PRODUCT))).toEqual({ ok: true, rows: [PREMIUM] });
    // A missing value is an empty field, an extra key is dropped (the server drops it too).
    expect(jsonToRows('[{"name":"Solo","totalSales":3,"colour":"red"}]')).toEqual({
      ok: true,
      rows: [{ ...emptyRow(), name: "Solo", totalSales: "3" }],
    });
    expect(jsonToRows("  ")).toEqual({ ok: true, rows: [] });
  });

  it("keeps JSON it cannot show as rows, with the spec's and the contract's messages", () => {
    expect(jsonToRows("{ not json")).toEqual({ ok: false, problem: "invalid_json" });
    expect(jsonToRows("42")).toEqual({ ok: false, problem: "issues", issues: [{ message: "kpi.top_products_list" }] });
    expect(jsonToRows('[{"name":"A","totalSales":"many"}]')).toEqual({
      ok: false,
      problem: "issues",
      issues: [{ product: 0, field: "totalSales", message: 'field.named_not_number|{"field":"totalSales"}' }],
    });
  });

  it("checks rows with the contract's schema, naming the row and field of each problem", () => {
    expect(checkRows([PREMIUM, STARTER])).toEqual({ ok: true, products: [PREMIUM_PRODUCT, STARTER_PRODUCT] });
    expect(checkRows([])).toEqual({ ok: false, problem: "issues", issues: [{ message: "kpi.top_products_required" }] });
    expect(checkRows([emptyRow(), emptyRow()])).toEqual({ ok: false, problem: "issues", issues: [{ message: "kpi.top_products_required" }] });
    // The second row (index 2, after a blank one) lacks its total sales and has a margin out of range.
    const checked = checkRows([PREMIUM, emptyRow(), { ...STARTER, totalSales: "", profitMargin: "150" }]);
    expect(checked).toEqual({
      ok: false,
      problem: "issues",
      issues: [
        { product: 2, field: "totalSales", message: 'field.named_not_number|{"field":"totalSales"}' },
        { product: 2, field: "profitMargin", message: "kpi.profit_margin_range" },
      ],
    });
  });

  it("checks pasted JSON the same way", () => {
    expect(checkJson(JSON.stringify([PREMIUM_PRODUCT]))).toEqual({ ok: true, products: [PREMIUM_PRODUCT] });
    expect(checkJson("")).toEqual({ ok: false, problem: "issues", issues: [{ message: "kpi.top_products_required" }] });
    expect(checkJson("[]")).toEqual({ ok: false, problem: "issues", issues: [{ message: "kpi.top_products_required" }] });
    expect(checkJson("{ not json")).toEqual({ ok: false, problem: "invalid_json" });
    expect(checkJson('"text"')).toEqual({ ok: false, problem: "issues", issues: [{ message: "kpi.top_products_list" }] });
    expect(checkJson(JSON.stringify([PREMIUM_PRODUCT, { ...STARTER_PRODUCT, averageRevenue: -1 }]))).toEqual({
      ok: false,
      problem: "issues",
      issues: [{ product: 1, field: "averageRevenue", message: 'field.named_negative|{"field":"averageRevenue"}' }],
    });
  });
});
