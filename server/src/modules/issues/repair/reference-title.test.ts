import { describe, expect, it } from "vitest";
import { REFERENCE_TITLE_MAX, referenceTitle } from "./reference-title";

describe("referenceTitle", () => {
  it("keeps a short description whole, on one line", () => {
    expect(referenceTitle("  Export button\n does nothing  ")).toBe("Export button does nothing");
  });

  it("cuts a long description at a word boundary and marks the cut", () => {
    const long = "The sign-in form keeps spinning on slow hotel networks and never shows an error message to the person waiting";
    const title = referenceTitle(long);
    expect(title).toBe("The sign-in form keeps spinning on slow hotel networks and never shows an error…");
    expect([...title].length).toBeLessThanOrEqual(REFERENCE_TITLE_MAX);
  });

  it("cuts inside a very long word rather than leaving almost nothing", () => {
    const title = referenceTitle(`x ${"y".repeat(200)}`);
    expect([...title]).toHaveLength(REFERENCE_TITLE_MAX);
    expect(title.endsWith("…")).toBe(true);
  });
});
