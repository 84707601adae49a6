// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatThousands, formatUsd, toAmount } from "./format";
import { withQuery } from "./url";

describe("money formatting", () => {
  it("reads decimal strings and treats anything missing as 0", () => {
    expect(toAmount("1250.50")).toBe(1250.5);
    expect(toAmount(null)).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount("not a number")).toBe(0);
  });

  it("shows whole thousands, rounded", () => {
    expect(formatThousands("125400.00", "en")).toBe("125");
    expect(formatThousands("10500.00", "en")).toBe("11");
    expect(formatThousands("499.99", "en")).toBe("0");
    expect(formatThousands("1250000000.00", "en")).toBe("1,250,000");
    expect(formatThousands(undefined, "en")).toBe("0");
  });

  it("formats full amounts in the language given", () => {
    expect(formatUsd("1250.5", "en")).toBe("$1,250.50");
    expect(formatUsd("1250.5", "es")).toMatch(/1250,50|1\.250,50/);
  });
});

describe("withQuery", () => {
  it("keeps only the values that are set, encoded", () => {
    expect(withQuery("/api/leads", { q: "café & co", status: undefined, industry: "", limit: 50 })).toBe("/api/leads?q=caf%C3%A9+%26+co&limit=50");
    expect(withQuery("/api/leads/export.csv", {})).toBe("/api/leads/export.csv");
  });
});
