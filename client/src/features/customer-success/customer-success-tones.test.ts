// @vitest-environment node
import { describe, expect, it } from "vitest";
import { npsBand } from "@contract/customer-success";
import { npsAnswerTone, offerStatusTone, retentionCellClass } from "./customer-success-tones";

describe("Customer Success colours", () => {
  it("colours answers at the cut-offs 6 and 8 and bands them Not likely / Somewhat likely / Very likely", () => {
    expect([0, 6, 7, 8, 9, 10].map(npsAnswerTone)).toEqual(["destructive", "destructive", "warning", "warning", "success", "success"]);
    expect([0, 6, 7, 8, 9, 10].map(npsBand)).toEqual(["not_likely", "not_likely", "somewhat_likely", "somewhat_likely", "very_likely", "very_likely"]);
  });

  it("shades retention cells in steps of 20, an empty month muted", () => {
    expect(retentionCellClass(80)).not.toBe(retentionCellClass(79));
    expect(retentionCellClass(20)).not.toBe(retentionCellClass(19));
    expect(retentionCellClass(0)).toContain("bg-muted");
  });

  it("colours offers: accepted green, declined or expired red, pending yellow", () => {
    expect(["accepted", "declined", "expired", "pending"].map(offerStatusTone)).toEqual(["success", "destructive", "destructive", "warning"]);
  });
});
