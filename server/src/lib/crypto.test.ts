import { describe, expect, it } from "vitest";
import { randomBase62, sha256Hex } from "./crypto";

describe("crypto helpers", () => {
  it("makes base62 strings of the asked length, different each time", () => {
    const a = randomBase62(64);
    const b = randomBase62(64);
    expect(a).toMatch(/^[0-9A-Za-z]{64}$/);
    expect(a).not.toBe(b);
  });

  it("hashes with SHA-256 as lowercase hex", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
