import { describe, expect, it } from "vitest";
import { normaliseAffiliateCode } from "../../db/queries/affiliate-code";
import { readableCode } from "./unique-code";

describe("affiliate codes", () => {
  it("are six characters without look-alikes", () => {
    for (let i = 0; i < 200; i++) expect(readableCode()).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  });
  it("compare without case, spaces or dashes", () => {
    expect(normaliseAffiliateCode(" k7r-m4q ")).toBe("K7RM4Q");
  });
});
