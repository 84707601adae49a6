import { describe, expect, it } from "vitest";
import { stewardshipTone } from "@/features/records";
import { formatBytes, isSystemReady, signedChange } from "./stewardship-format";

describe("Perpetual Stewardship display rules", () => {
  it("shows the ready message only at exactly 100", () => {
    expect([100, 99, 99.9, 0].map(isSystemReady)).toEqual([true, false, false, false]);
  });

  it("colours its scores 90/80/70/60 (spec §5), at each boundary", () => {
    const [emerald, green, yellow, orange, red] = ["text-emerald-700", "text-green-700", "text-yellow-700", "text-orange-700", "text-destructive-strong"];
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59].map(stewardshipTone)).toEqual([emerald, emerald, green, green, yellow, yellow, orange, orange, red]);
  });

  it("writes sizes in 1000 steps (a GB is 10^9 bytes) with one decimal, and a missing size as 0 B", () => {
    expect(formatBytes(0, "en")).toBe("0 B");
    expect(formatBytes(999, "en")).toBe("999 B");
    expect(formatBytes(1000, "en")).toBe("1.0 KB");
    expect(formatBytes(1000 ** 2, "en")).toBe("1.0 MB");
    expect(formatBytes(1_500_000_000, "en")).toBe("1.5 GB");
    // 1.5 GiB is 1.6 GB, 5 TiB is 5.5 TB.
    expect(formatBytes(1.5 * 1024 ** 3, "en")).toBe("1.6 GB");
    expect(formatBytes(5 * 1024 ** 4, "en")).toBe("5.5 TB");
    expect(formatBytes(1_500_000_000, "es")).toBe("1,5 GB");
  });

  it("signs a change", () => {
    expect([signedChange(15, "en"), signedChange(-3.5, "en"), signedChange(0, "en")]).toEqual(["+15", "-3.5", "0"]);
  });
});
