import { describe, expect, it } from "vitest";
import { toCents } from "./money";

describe("toCents", () => {
  it("reads whole, one-decimal and two-decimal amounts exactly", () => {
    expect(toCents("500")).toBe(50_000n);
    expect(toCents("0.1")).toBe(10n);
    expect(toCents("99999999.99")).toBe(9_999_999_999n);
    expect(toCents("-3.07")).toBe(-307n);
  });
  it("compares amounts that floating point would blur", () => {
    expect(toCents("0.30") === toCents("0.1") + toCents("0.2")).toBe(true);
  });
  it("refuses text that is not an amount", () => {
    expect(() => toCents("1.234")).toThrow();
    expect(() => toCents("ten")).toThrow();
  });
});
