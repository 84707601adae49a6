import { describe, expect, it } from "vitest";
import { anyWordQuery, MAX_QUERY_WORDS } from "./any-word-query";

describe("anyWordQuery", () => {
  it("joins the distinct lower-case words with OR", () => {
    expect(anyWordQuery("Login times out; login button stays grey")).toBe("login | times | out | button | stays | grey");
  });

  it("keeps letters and digits only, so quotes, operators and punctuation cannot break the query", () => {
    expect(anyWordQuery("Error 500 on /api/leads?q=a&b | !(x) 'quoted' café:*")).toBe("error | 500 | on | api | leads | quoted | café");
  });

  it("drops one-character words and answers empty when nothing is left", () => {
    expect(anyWordQuery("a b c ! ?")).toBe("");
    expect(anyWordQuery("")).toBe("");
  });

  it("stops at the word cap", () => {
    const many = Array.from({ length: 100 }, (_, i) => `word${i}`).join(" ");
    expect(anyWordQuery(many).split(" | ")).toHaveLength(MAX_QUERY_WORDS);
  });
});
