// @vitest-environment node
import { describe, expect, it } from "vitest";
import { offsetPaging } from "./data-table-state";

describe("offset paging", () => {
  it("offers Next until the last page holds the last row", () => {
    expect(offsetPaging(0, 20, 41, () => undefined).hasNext).toBe(true);
    expect(offsetPaging(1, 20, 41, () => undefined).hasNext).toBe(true);
    expect(offsetPaging(2, 20, 41, () => undefined).hasNext).toBe(false);
    expect(offsetPaging(0, 20, 20, () => undefined).hasNext).toBe(false);
  });

  it("moves one page either way and never before the first", () => {
    const pages: number[] = [];
    const second = offsetPaging(1, 20, 100, (index) => pages.push(index));
    second.onNext();
    second.onPrevious();
    offsetPaging(0, 20, 100, (index) => pages.push(index)).onPrevious();
    expect(pages).toEqual([2, 0, 0]);
  });
});
