import { describe, expect, it } from "vitest";
import { isMultipartFormError } from "./multipart-failure";

describe("isMultipartFormError", () => {
  it("knows the multipart reader's refusals", () => {
    expect(isMultipartFormError(Object.assign(new Error("the request is not multipart"), { code: "FST_INVALID_MULTIPART_CONTENT_TYPE" }))).toBe(true);
    expect(isMultipartFormError(new Error("Unexpected end of form"))).toBe(true);
    expect(isMultipartFormError(new Error("Malformed part header"))).toBe(true);
  });

  it("leaves every other failure as it is", () => {
    expect(isMultipartFormError(new Error("connection terminated"))).toBe(false);
    expect(isMultipartFormError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isMultipartFormError("a string")).toBe(false);
    expect(isMultipartFormError(null)).toBe(false);
  });
});
