// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import { duplicateCheckBody, duplicateCheckReady, mergedIntoOf } from "./lead-duplicate-queries";

describe("when a lead form is compared with the stored leads", () => {
  it("waits for a whole email, a phone of seven digits or a business name of three letters", () => {
    expect(duplicateCheckReady({})).toBe(false);
    expect(duplicateCheckReady({ email: "marta@zephyrine" })).toBe(false);
    expect(duplicateCheckReady({ email: "marta@zephyrine.test" })).toBe(true);
    expect(duplicateCheckReady({ phone: "+34 600" })).toBe(false);
    expect(duplicateCheckReady({ phone: "+34 600 123" })).toBe(true);
    expect(duplicateCheckReady({ businessName: " Ze " })).toBe(false);
    expect(duplicateCheckReady({ businessName: "Zep" })).toBe(true);
    // An owner's name alone says nothing: it is compared only beside an email's domain.
    expect(duplicateCheckReady({ firstName: "Marta", lastName: "Quintero" })).toBe(false);
  });

  it("sends only the fields with something in them, trimmed, and the lead being edited", () => {
    expect(duplicateCheckBody({ email: " marta@zephyrine.test ", phone: "", businessName: "   ", firstName: "Marta", excludeId: 7 })).toEqual({
      email: "marta@zephyrine.test",
      firstName: "Marta",
      excludeId: 7,
    });
  });
});

describe("a merged-away lead's answer", () => {
  it("gives the kept lead's id from a 410, and nothing from any other answer", () => {
    const gone = new ApiError(410, JSON.stringify({ error: "This lead was merged into lead 12", code: "lead_duplicates.merged_away", params: { mergedInto: 12 }, mergedInto: 12 }));
    expect(mergedIntoOf(gone)).toBe(12);
    expect(mergedIntoOf(new ApiError(410, JSON.stringify({ error: "gone", mergedInto: 5 })))).toBe(5);
    expect(mergedIntoOf(new ApiError(410, "", "Gone"))).toBeNull();
    expect(mergedIntoOf(new ApiError(404, JSON.stringify({ error: "Lead not found", mergedInto: 12 })))).toBeNull();
    expect(mergedIntoOf(new Error("network"))).toBeNull();
  });
});
