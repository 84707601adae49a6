import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvLines, csvRow } from "./csv";
import { unguardFormula } from "./formula-guard";

describe("csv", () => {
  it("quotes cells holding commas, semicolons, tabs, quotes or line breaks, doubling inner quotes", () => {
    expect(csvCell('Acme, "the best"')).toBe('"Acme, ""the best"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("Acme; Sons")).toBe('"Acme; Sons"');
    expect(csvCell("tab\there")).toBe('"tab\there"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("neutralises text that a spreadsheet would run as a formula, at the start or after a separator", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("Acme;=cmd|' /C calc'!A0;")).toBe(`"Acme;'=cmd|' /C calc'!A0;"`);
  });

  it("writes plain numbers and phone numbers as they are", () => {
    expect(csvCell("+34 600 111 333")).toBe("+34 600 111 333");
    expect(csvCell("-2")).toBe("-2");
    expect(csvCell("-5.00")).toBe("-5.00");
  });

  it("writes numbers as they are, and empties for missing values; lists and other values are guarded too", () => {
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvCell(["a", "b"])).toBe('"a; b"');
    expect(csvCell(["vip", "=cmd"])).toBe(`"vip;' =cmd"`);
  });

  it("ends each row with CRLF", () => {
    expect(csvRow(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("writes many rows exactly as csvRow does, cut to the given width", () => {
    const rows = [
      ["plain", null, "with, comma", 'say "hi"', "line\nbreak", "=SUM(A1)", "+1 555", "-5.00", "@x", "\ttab", "ñandú €", "sort-key"],
      ["", "'quoted", "cr\rhere", "a;b", "' =x", "a;=b", "x\t-y", null, null, null, null, "sort-key"],
    ];
    expect(csvLines(rows, 11)).toBe(rows.map((row) => csvRow(row.slice(0, 11))).join(""));
  });

  const risky = fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", " ", "'", '"', "a", "1", "é");
  const cell = fc.oneof(
    fc.constant(null),
    fc.string({ unit: risky, maxLength: 12 }),
    fc.string({ maxLength: 12 }),
  );

  it("writes the same text on the fast path (text rows) as through csvRow, for any cells", () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 4 }), (rows) => csvLines(rows, 3) === rows.map((row) => csvRow(row)).join("")),
      { numRuns: 3_000 },
    );
  });

  it("reads back, comma-separated and with the guard undone, as the cells it was given", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: risky, maxLength: 12 })), { minLength: 2, maxLength: 4 }), (cells) => {
        const [read] = parse(csvRow(cells)) as string[][];
        expect(read!.map(unguardFormula)).toEqual(cells);
      }),
      { numRuns: 2_000 },
    );
  });
});
