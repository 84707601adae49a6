import { describe, expect, it } from "vitest";
import { stewardshipTone } from "@/features/records/score-tones";
import { formatBytes, isSystemReady, signedChange } from "./stewardship-format";

describe("Perpetual Stewardship display rules", () => {
  it("shows the ready message only at exactly 100", () => {
    expect([100, 99, 99.9, 0].map(isSystemReady)).toEqual([true, false, false, false]);
  });

  it("colours its scores 90/80/70/60 (spec §5), at each boundary", () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59].map(stewardshipTone)).toEqual([
      "text-emerald-700",
      "text-emerald-700",
      "text-green-700",
      "text-green-700",
      "text-yellow-700",
      "text-yellow-700",
      "text-orange-700",
      "text-orange-700",
      "text-destructive-strong",
    ]);
  });

  it("writes sizes in 1024 steps with one decimal, and a missing size as 0 B", () => {
    expect(formatBytes(0, "en")).toBe("0 B");
    expect(formatBytes(1023, "en")).toBe("1,023 B");
    expect(formatBytes(1024, "en")).toBe("1.0 KB");
    expect(formatBytes(1024 ** 2, "en")).toBe("1.0 MB");
    expect(formatBytes(1.5 * 1024 ** 3, "en")).toBe("1.5 GB");
    expect(formatBytes(5 * 1024 ** 4, "en")).toBe("5.0 TB");
    expect(formatBytes(1.5 * 1024 ** 3, "es")).toBe("1,5 GB");
  });

  it("signs a change", () => {
    expect([signedChange(15, "en"), signedChange(-3.5, "en"), signedChange(0, "en")]).toEqual(["+15", "-3.5", "0"]);
  });
});
