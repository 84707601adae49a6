import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardFormula, isPlainNumber, unguardFormula } from "./formula-guard";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every cell a spreadsheet could cut from the value: the text after each separator of any locale and each line break,
 * as a reader that splits on that character sees it, with the spaces and double quotes it may drop in front.
 */
const possibleCells = (text: string) =>
  [",", ";", "\t", "\r", "\n"].flatMap((separator) => text.split(separator)).map((part) => part.replace(/^[ "]*/, ""));

// Text built mostly from the characters that matter here, so that separators and formula characters meet often.
const risky = fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", " ", "'", '"', "a", "1", "(", ".", "é"), maxLength: 24 });
const anyText = fc.oneof(risky, fc.string({ maxLength: 24 }), fc.string({ unit: "grapheme", maxLength: 12 }));

describe("formula guard", () => {
  it("neutralises a formula at the start of the value", () => {
    expect(guardFormula("=1+2")).toBe("'=1+2");
    expect(guardFormula("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(guardFormula("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(guardFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(guardFormula("\tTAB")).toBe("'\tTAB");
    expect(guardFormula("\rCR")).toBe("'\rCR");
    expect(guardFormula('  "=HYPERLINK(1)')).toBe(`'  "=HYPERLINK(1)`);
  });

  it("neutralises a formula after a comma, a semicolon, a tab or a line break", () => {
    expect(guardFormula("Acme;=cmd|' /C calc'!A0;")).toBe("Acme;'=cmd|' /C calc'!A0;");
    expect(guardFormula("Acme, +cmd")).toBe("Acme,' +cmd");
    expect(guardFormula("a\t@x")).toBe("a\t'@x");
    expect(guardFormula("line\n-1+cmd")).toBe("line\n'-1+cmd");
    expect(guardFormula("a;\t=b")).toBe("a;'\t'=b");
  });

  it("leaves plain numbers and phone numbers as they are", () => {
    for (const value of ["+34 600 111 333", "-5.00", "(555) 010-0100", "+1 (555) 010.0100", "42", "-0.5"]) {
      expect(isPlainNumber(value)).toBe(true);
      expect(guardFormula(value)).toBe(value);
    }
    for (const value of ["+", "- ", "+1 555 0100 x12", "-1,5", "1e5"]) expect(isPlainNumber(value)).toBe(false);
  });

  it("leaves text that no spreadsheet would run as it is", () => {
    for (const value of ["Acme; Sons", "Núñez, S.L.", "O'Brien", "'s-Hertogenbosch", "a-b=c", "x@example.com", ""]) expect(guardFormula(value)).toBe(value);
  });

  it("adds one more apostrophe where one already stands before a formula, so the import can tell them apart", () => {
    expect(guardFormula("'=1+2")).toBe("''=1+2");
    expect(unguardFormula("''=1+2")).toBe("'=1+2");
    expect(unguardFormula("'=1+2")).toBe("=1+2");
    expect(unguardFormula("'s-Hertogenbosch")).toBe("'s-Hertogenbosch");
  });

  it("leaves no cell that any separator could cut from the value starting with a formula character, unless the value is a plain number", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const guarded = guardFormula(value);
        if (isPlainNumber(value)) return guarded === value;
        return possibleCells(guarded).every((cell) => !FORMULA_START.test(cell));
      }),
      { numRuns: 5_000 },
    );
  });

  it("is undone exactly by unguardFormula", () => {
    fc.assert(
      fc.property(anyText, (value) => unguardFormula(guardFormula(value)) === value),
      { numRuns: 5_000 },
    );
  });

  it("changes nothing but inserted apostrophes", () => {
    fc.assert(
      fc.property(anyText, (value) => guardFormula(value).replaceAll("'", "") === value.replaceAll("'", "")),
      { numRuns: 2_000 },
    );
  });
});
