import { describe, expect, it } from "vitest";
import { csvCell, csvLines, csvRow } from "./csv";

describe("csv", () => {
  it("quotes cells holding commas, quotes or line breaks, doubling inner quotes", () => {
    expect(csvCell('Acme, "the best"')).toBe('"Acme, ""the best"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("neutralises text that a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("writes numbers as they are, and empties for missing values", () => {
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvCell(["a", "b"])).toBe("a; b");
  });

  it("ends each row with CRLF", () => {
    expect(csvRow(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("writes many rows exactly as csvRow does, cut to the given width", () => {
    const rows = [
      ["plain", null, "with, comma", 'say "hi"', "line\nbreak", "=SUM(A1)", "+1 555", "-5.00", "@x", "\ttab", "ñandú €", "sort-key"],
      ["", "'quoted", "cr\rhere", "a;b", null, null, null, null, null, null, null, "sort-key"],
    ];
    expect(csvLines(rows, 11)).toBe(rows.map((row) => csvRow(row.slice(0, 11))).join(""));
  });
});
