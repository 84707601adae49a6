import { describe, expect, it } from "vitest";
import { laneBatch, laneStarts, nextLanePosition } from "./lead-bulk-lanes";

/** Every batch each lane takes, walking it to the end as a runner would. */
function walk(ids: number[], lanes: number, size: number): number[][][] {
  return laneStarts(lanes, size).map((start) => {
    const batches: number[][] = [];
    for (let position = start; ; position = nextLanePosition(position, lanes, size)) {
      const batch = laneBatch(ids, position, size);
      if (batch.length === 0) return batches;
      batches.push(batch);
    }
  });
}

describe("bulk lanes", () => {
  const ids = Array.from({ length: 23 }, (_, i) => 100 + i * 3);

  it("gives every id to exactly one lane, in batches of the size", () => {
    for (const lanes of [1, 2, 3, 5]) {
      for (const size of [1, 2, 5, 23, 50]) {
        const batches = walk(ids, lanes, size).flat();
        expect(batches.flat().sort((a, b) => a - b)).toEqual(ids);
        expect(batches.every((batch) => batch.length >= 1 && batch.length <= size)).toBe(true);
      }
    }
  });

  it("stripes the batches: lane 0 takes the first, third, … and lane 1 the second, fourth, …", () => {
    expect(walk([1, 2, 3, 4, 5, 6, 7], 2, 2)).toEqual([
      [[1, 2], [5, 6]],
      [[3, 4], [7]],
    ]);
  });

  it("leaves a lane with nothing when there are fewer batches than lanes", () => {
    expect(walk([1, 2, 3], 3, 2)).toEqual([[[1, 2]], [[3]], []]);
  });
});
