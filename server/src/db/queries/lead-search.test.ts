import { describe, expect, it } from "vitest";
import { ESTIMATED_TOTAL_CEILING } from "@contract/list-reply";
import { estimateFromSample, sampleSettles, SEARCH_SAMPLE_LIMIT, SEARCH_SAMPLE_MODULUS } from "./lead-search";

describe("a search total estimated from the sampled leads", () => {
  it("settles only from sixteen sampled matches, about a thousand leads", () => {
    expect(sampleSettles(15)).toBe(false);
    expect(sampleSettles(16)).toBe(true);
    expect(16 * SEARCH_SAMPLE_MODULUS).toBe(1024);
  });

  it("scales the sample up and keeps two significant figures", () => {
    expect(estimateFromSample(16)).toBe(1000); // 1,024
    expect(estimateFromSample(23)).toBe(1500); // 1,472
    expect(estimateFromSample(140)).toBe(9000); // 8,960
    expect(estimateFromSample(190)).toBe(12_000); // 12,160
    expect(estimateFromSample(1_563)).toBe(100_000); // 100,032
  });

  it("stops at the ceiling, which the screens read as 'more than'", () => {
    expect(SEARCH_SAMPLE_LIMIT * SEARCH_SAMPLE_MODULUS).toBe(ESTIMATED_TOTAL_CEILING);
    expect(estimateFromSample(SEARCH_SAMPLE_LIMIT)).toBe(ESTIMATED_TOTAL_CEILING);
    expect(estimateFromSample(SEARCH_SAMPLE_LIMIT - 1)).toBe(ESTIMATED_TOTAL_CEILING); // 255,936 rounds past it
    expect(estimateFromSample(3_900)).toBe(250_000); // 249,600
  });
});
