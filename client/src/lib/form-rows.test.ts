// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formRows } from "./form-rows";

const halves = new Set(["first", "last", "years", "industry", "status"]);
const isHalf = (field: string) => halves.has(field);

describe("formRows", () => {
  it("pairs consecutive half-width fields and gives every other field its own row", () => {
    expect(formRows(["first", "last", "business", "years", "industry"], isHalf)).toEqual([
      { half: true, fields: ["first", "last"] },
      { half: false, fields: ["business"] },
      { half: true, fields: ["years", "industry"] },
    ]);
  });

  it("starts a new pair after two, and leaves a half-width field without partner alone in its row", () => {
    expect(formRows(["first", "last", "years", "business", "status"], isHalf)).toEqual([
      { half: true, fields: ["first", "last"] },
      { half: true, fields: ["years"] },
      { half: false, fields: ["business"] },
      { half: true, fields: ["status"] },
    ]);
  });

  it("gives no rows for no fields", () => {
    expect(formRows([], isHalf)).toEqual([]);
  });
});
