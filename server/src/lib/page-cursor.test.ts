import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./page-cursor";

describe("page cursor", () => {
  it("round-trips the sort, key and id", () => {
    const cursor = { sort: "-createdAt", key: "2026-11-22 02:16:00.123+00", id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });
  it("rejects anything that is not a cursor", () => {
    expect(decodeCursor("not a cursor")).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ a: 1 })).toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["s", "k", 1.5])).toString("base64url"))).toBeNull();
  });
});
