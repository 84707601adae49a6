import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { recordFamilies } from "@contract/records/index";
import { displayValue, formatGigabytes, gigabytesText, gigabytesToBytes } from "./record-labels";

const t = ((key: string) => key) as unknown as TFunction;

describe("sizes declared in GB (stored in bytes, 1 GB = 10^9 bytes)", () => {
  it("shows bytes as GB with one decimal in the reader's number format", () => {
    expect(formatGigabytes(5_400_000_000, "en")).toBe("5.4 GB");
    expect(formatGigabytes(5_000_000_000, "en")).toBe("5.0 GB");
    // 5 GiB is 5.4 GB, not "5.0 GB".
    expect(formatGigabytes(5 * 1024 ** 3, "en")).toBe("5.4 GB");
    expect(formatGigabytes(0, "en")).toBe("0.0 GB");
    expect(formatGigabytes(1_234_500_000_000, "en")).toBe("1,234.5 GB");
    expect(formatGigabytes(5_400_000_000, "es")).toBe("5,4 GB");
  });

  it("shows a field declared in GB as GB in a list cell, and other numbers as they are", () => {
    expect(displayValue(t, "en", { kind: "number", unit: "GB" }, 5_400_000_000)).toBe("5.4 GB");
    expect(displayValue(t, "en", { kind: "number", unit: "GB" }, null)).toBe("—");
    expect(displayValue(t, "en", { kind: "number" }, 5_400_000_000)).toBe("5,400,000,000");
  });

  it("declares every archive size in GB", () => {
    const units = recordFamilies.flatMap((family) => Object.entries(family.fields).filter(([, spec]) => spec.unit).map(([name, spec]) => `${family.key}.${name}: ${spec.kind} in ${spec.unit}`));
    expect(units.sort()).toEqual(["archivalSystem.archivalSize: number in GB", "livingArchive.archiveSize: number in GB", "livingLegacyPackage.totalSize: number in GB"]);
  });

  it("shows stored bytes in the form as GB with at most one decimal", () => {
    expect(gigabytesText(5_400_000_000)).toBe("5.4");
    expect(gigabytesText(5_000_000_000)).toBe("5");
    expect(gigabytesText(5_432_100_000)).toBe("5.4");
    expect(gigabytesText(0)).toBe("0");
  });

  it("takes GB typed in the form (one decimal, either decimal mark) as whole bytes", () => {
    expect(gigabytesToBytes("5.4")).toBe(5_400_000_000);
    expect(gigabytesToBytes(" 12 ")).toBe(12_000_000_000);
    expect(gigabytesToBytes("5,4")).toBe(5_400_000_000);
    expect(gigabytesToBytes(".5")).toBe(500_000_000);
    expect(gigabytesToBytes("0.1")).toBe(100_000_000);
    expect(gigabytesToBytes("-1")).toBe(-1_000_000_000);
  });

  it("refuses GB that are not a number or carry more than one decimal (NaN, which the field's schema refuses)", () => {
    for (const text of ["5.45", "abc", "5 GB", "1e3", "", "5."]) expect(gigabytesToBytes(text)).toBeNaN();
  });
});
