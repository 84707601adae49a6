import { describe, expect, it } from "vitest";
import { escapeLike } from "./like-pattern";

describe("escapeLike", () => {
  it("makes %, _ and backslash literal", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
  it("leaves ordinary text alone", () => {
    expect(escapeLike("Café Ñandú")).toBe("Café Ñandú");
  });
});
