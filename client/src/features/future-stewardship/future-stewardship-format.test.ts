import { describe, expect, it } from "vitest";
import { futureTone } from "@/features/records";
import { allRecordsVerified, isPublishedDeclaration, listLength, missionPreview, recordVerified } from "./future-stewardship-format";

describe("Future Stewardship display rules", () => {
  it("colours percentages at 95/85/75/65 (emerald, green, yellow, orange, red)", () => {
    expect([94.9, 95].map(futureTone)).toEqual(["text-green-700", "text-emerald-700"]);
    expect([84.9, 85].map(futureTone)).toEqual(["text-yellow-700", "text-green-700"]);
    expect([74.9, 75].map(futureTone)).toEqual(["text-orange-700", "text-yellow-700"]);
    expect([64.9, 65].map(futureTone)).toEqual(["text-destructive-strong", "text-orange-700"]);
  });

  it("says every record is verified only at exactly 100", () => {
    expect([99, 99.9, 100, null, undefined].map(allRecordsVerified)).toEqual([false, false, true, false, false]);
  });

  it("cuts the mission statement to 200 characters", () => {
    expect(missionPreview("a".repeat(200))).toBe("a".repeat(200));
    expect(missionPreview("a".repeat(201))).toBe(`${"a".repeat(200)}…`);
  });

  it("flags a record verified only with a hash the chain check did not flag", () => {
    expect(recordVerified({ id: 1, immutableHash: "ab" }, [])).toBe(true);
    expect(recordVerified({ id: 1, immutableHash: "ab" }, [1])).toBe(false);
    expect(recordVerified({ id: 1, immutableHash: null }, [])).toBe(false);
  });

  it("lists published and ratified declarations as published, and counts lists", () => {
    expect(["published", "ratified", "approved", "draft"].map(isPublishedDeclaration)).toEqual([true, true, false, false]);
    expect([listLength(["a", "b"]), listLength(null)]).toEqual([2, 0]);
  });
});
