import { describe, expect, it } from "vitest";
import { formatGb, isReadyForPerpetualStewardship, scoreTone, showsReadinessStar, signedChange } from "./stewardship-figures";

describe("Final Stewardship display rules", () => {
  it("colours scores at 90/80/70/60 (emerald, green, yellow, orange, red)", () => {
    expect(scoreTone(100)).toBe("text-emerald-700");
    expect(scoreTone(90)).toBe("text-emerald-700");
    expect(scoreTone(89)).toBe("text-green-700");
    expect(scoreTone(80)).toBe("text-green-700");
    expect(scoreTone(79)).toBe("text-yellow-700");
    expect(scoreTone(70)).toBe("text-yellow-700");
    expect(scoreTone(69)).toBe("text-orange-700");
    expect(scoreTone(60)).toBe("text-orange-700");
    expect(scoreTone(59)).toBe("text-destructive-strong");
    expect(scoreTone(0)).toBe("text-destructive-strong");
  });

  it("shows the star on final readiness at 90 or more", () => {
    expect(showsReadinessStar(89)).toBe(false);
    expect(showsReadinessStar(89.9)).toBe(false);
    expect(showsReadinessStar(90)).toBe(true);
    expect(showsReadinessStar(100)).toBe(true);
  });

  it("says the system is ready for perpetual stewardship only at exactly 100", () => {
    expect(isReadyForPerpetualStewardship(99)).toBe(false);
    expect(isReadyForPerpetualStewardship(99.9)).toBe(false);
    expect(isReadyForPerpetualStewardship(100)).toBe(true);
  });

  it("shows archive sizes in GB with one decimal, from bytes", () => {
    expect(formatGb(5_000_000_000, "en")).toBe("5.0 GB");
    // 5 GiB is 5.4 GB: a GB is 10^9 bytes.
    expect(formatGb(5 * 1024 ** 3, "en")).toBe("5.4 GB");
    expect(formatGb(1_610_612_736, "en")).toBe("1.6 GB");
    expect(formatGb(1000, "en")).toBe("0.0 GB");
    expect(formatGb(null, "en")).toBe("0.0 GB");
    expect(formatGb(2_250_000_001, "es")).toBe("2,3 GB");
  });

  it("signs an audit trend's change", () => {
    expect(signedChange(8.5, "en")).toBe("+8.5");
    expect(signedChange(-3, "en")).toBe("-3");
    expect(signedChange(0, "en")).toBe("0");
  });
});
