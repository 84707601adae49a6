import { describe, expect, it } from "vitest";
import { futureTone, statusTone, stewardshipTone, threeStepTone } from "./score-tones";

/** The colours the thresholds give, strong enough for 4.5:1 on a card. */
const [good, fair, poor] = ["text-success-strong", "text-amber-700", "text-destructive-strong"];
const [emerald, green, yellow, orange, red] = ["text-emerald-700", "text-green-700", "text-yellow-700", "text-orange-700", "text-destructive-strong"];

describe("monitoring colour thresholds (spec §5)", () => {
  it("Business Health and Perpetual Innovation: 80 green, 60 yellow, below red", () => {
    expect([100, 80, 79, 60, 59, 0].map(threeStepTone)).toEqual([good, good, fair, fair, poor, poor]);
  });

  it("Final and Perpetual Stewardship: 90 emerald, 80 green, 70 yellow, 60 orange, below red", () => {
    expect([90, 89, 80, 79, 70, 69, 60, 59].map(stewardshipTone)).toEqual([emerald, green, green, yellow, yellow, orange, orange, red]);
  });

  it("Future Stewardship: 95 emerald, 85 green, 75 yellow, 65 orange, below red", () => {
    expect([95, 94, 85, 84, 75, 74, 65, 64].map(futureTone)).toEqual([emerald, green, green, yellow, yellow, orange, orange, red]);
  });
});

describe("status badge colours (spec §4)", () => {
  it("colours each page's statuses and leaves unknown values neutral", () => {
    expect(statusTone("innovation", "announced")).toBe("info");
    expect(statusTone("innovation", "cancelled")).toBe("destructive");
    expect(statusTone("certification", "conditional")).toBe("info");
    expect(statusTone("stewardship", "delivered")).toBe("info");
    expect(statusTone("future", "ratified")).toBe("success");
    expect(statusTone("future", "superseded")).toBe("secondary");
    expect(
      Object.fromEntries(["active", "in_progress", "completed", "mitigated", "planning", "cancelled", "unheard_of"].map((status) => [status, statusTone("simulation", status)])),
    ).toEqual({
      active: "info",
      in_progress: "info",
      completed: "success",
      mitigated: "success",
      planning: "warning",
      cancelled: "destructive",
      unheard_of: "outline",
    });
    expect(statusTone("future", "something_else")).toBe("outline");
    expect(statusTone("publication", "public")).toBe("success");
    expect(statusTone("publication", "internal")).toBe("secondary");
  });
});
