// @vitest-environment node
import { describe, expect, it } from "vitest";
import { BRAND_MAX_LENGTH, brandTags, normalizeBrand } from "./brand-storage";

describe("the brand a lead is tagged with", () => {
  it("tags nothing while the brand is still 'default', and the chosen brand otherwise", () => {
    expect(brandTags("default")).toEqual([]);
    expect(brandTags("Acme Spring Launch")).toEqual(["Acme Spring Launch"]);
  });

  it("saves a blank brand as 'default' and a brand trimmed to a tag's length", () => {
    expect(normalizeBrand("   ")).toBe("default");
    expect(normalizeBrand("  Acme  ")).toBe("Acme");
    expect(normalizeBrand("x".repeat(BRAND_MAX_LENGTH + 10))).toHaveLength(BRAND_MAX_LENGTH);
  });
});
