import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPath, pathSpellingProblem } from "./canonical-path";

describe("pathSpellingProblem", () => {
  it.each([
    "/api/leads",
    "/api/leads/42",
    "/api/leads?q=%61bc&x=..",
    "/api/onboarding/someone%40leadwell.test",
    "/api/search?q=caf%C3%A9",
    "/assets/index-abc123.js",
    "/",
    "/api/leads/",
    "/r/ACME%2F1",
  ])("accepts the canonical %s", (url) => {
    expect(pathSpellingProblem(url)).toBeNull();
  });

  it.each([
    ["/%61pi/leads", "encoded_unreserved"],
    ["/ap%69/leads", "encoded_unreserved"],
    ["/api/lead%73", "encoded_unreserved"],
    ["/api/leads/%34%32", "encoded_unreserved"],
    ["/api/onboarding/a%2eb", "encoded_unreserved"],
    ["/api/x%7Ey", "encoded_unreserved"],
    ["/api/x%5fy", "encoded_unreserved"],
    ["/api/x%2Dy", "encoded_unreserved"],
    ["//api/leads", "empty_segment"],
    ["/api//leads", "empty_segment"],
    ["/api/./leads", "dot_segment"],
    ["/api/x/../leads", "dot_segment"],
    ["/api/leads/..", "dot_segment"],
    ["/api/leads/.", "dot_segment"],
    ["/api./leads", "trailing_dot"],
    ["/api/leads.", "trailing_dot"],
    ["/api/leads.?q=1", "trailing_dot"],
    ["/api\\leads", "backslash"],
    ["/api%5Cleads", "backslash"],
    ["/api%5cleads", "backslash"],
  ])("refuses %s (%s)", (url, problem) => {
    expect(pathSpellingProblem(url)).toBe(problem);
  });

  it("refuses every path in which any unreserved character is percent-encoded", () => {
    const unreserved = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~");
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), fc.nat(8), unreserved, fc.boolean(), (word, at, char, lower) => {
        const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
        const escape = `%${lower ? hex.toLowerCase() : hex.toUpperCase()}`;
        const i = Math.min(at, word.length);
        expect(pathSpellingProblem(`/api/${word.slice(0, i)}${escape}${word.slice(i)}`)).not.toBeNull();
      }),
    );
  });

  it("accepts what encodeURIComponent writes for any segment that is not a dot segment and ends in no dot", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.endsWith(".") && s !== "\\" && !s.includes("\\")), (value) => {
        expect(pathSpellingProblem(`/api/onboarding/${encodeURIComponent(value)}`)).toBeNull();
      }),
    );
  });
});

describe("canonicalPath", () => {
  it.each([
    ["/%61pi/leads", "/api/leads"],
    ["/ap%69/enterprise/users?x=%61", "/api/enterprise/users?x=%61"],
    ["//api//leads", "/api/leads"],
    ["/api/./leads", "/api/leads"],
    ["/api/x/../leads", "/api/leads"],
    ["/../../api/leads", "/api/leads"],
    ["/api/%2e%2E/api/leads", "/api/leads"],
    ["/api./leads.", "/api/leads"],
    ["/api\\leads", "/api/leads"],
    ["/api%5Cleads", "/api/leads"],
    ["/api/leads/.", "/api/leads/"],
    ["/%%341pi", "/Api"],
    ["/%%35%43leads", "/leads"],
    ["/api/onboarding/someone%40x.test", "/api/onboarding/someone%40x.test"],
  ])("spells %s as %s", (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  const pathChars = fc.constantFrom(..."ab./\\%2eE5cC6141~_-3%%");
  const rawPaths = fc.array(pathChars, { maxLength: 30 }).map((chars) => `/${chars.join("")}`);

  it("always answers a canonical path, and leaves a canonical one unchanged", () => {
    fc.assert(
      fc.property(rawPaths, (raw) => {
        const canonical = canonicalPath(raw);
        expect(pathSpellingProblem(canonical)).toBeNull();
        expect(canonicalPath(canonical)).toBe(canonical);
        if (pathSpellingProblem(raw) === null) expect(canonical).toBe(raw);
      }),
      { numRuns: 2000 },
    );
  });
});
