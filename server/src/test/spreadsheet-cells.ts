import { parse } from "csv-parse/sync";
import { expect } from "vitest";

// Written here apart from lib/formula-guard.ts on purpose: the tests hold the guard to the rule, not to itself.
const FORMULA_START = /^[=+\-@\t\r]/;
/** Plainly a number or a phone number: digits with only spaces and + - ( ) . around them. */
const PLAIN_NUMBER = /^[\d +\-().]*\d[\d +\-().]*$/;

/** The separators spreadsheets read CSV files with: English, then Spanish, German or French Excel, then a paste. */
export const SPREADSHEET_SEPARATORS = [",", ";", "\t"] as const;

/**
 * Cells as a lenient spreadsheet reads them with `separator`: a quote opens a quoted cell only at the cell's start, a
 * doubled quote inside it is one quote, text after its closing quote is kept, and a quote never closed runs to the end
 * of the file. This is how a file written for commas reads where the separator is a semicolon.
 */
function lenientCells(body: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (char === separator || char === "\r" || char === "\n") {
      cells.push(cell);
      cell = "";
      atStart = true;
    } else {
      cell += char;
      atStart = false;
    }
  }
  cells.push(cell);
  return cells;
}

/**
 * Every cell a spreadsheet may show when it opens `text` (a CSV download, BOM and all) with `separator`: read as
 * RFC 4180 by csv-parse where the separator is the file's own (a comma), read leniently (lenientCells) with any, and
 * read bare, split on the separator and on line breaks with quotes ignored, as a reader that does not know them would.
 */
export function spreadsheetCells(text: string, separator: string): string[] {
  const body = text.replace(/^\uFEFF/, "");
  const strict = separator === "," ? (parse(body, { relax_column_count: true }) as string[][]).flat() : [];
  const bare = body.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));
  return [...strict, ...lenientCells(body, separator), ...bare];
}

/**
 * The cells of a CSV download that a spreadsheet would run as a formula, read with each separator: a cell starting
 * with = + - @ tab or CR (past spaces and quotes a reader may drop), unless it is a plain number or phone number.
 */
export function formulaCells(text: string): { separator: string; cell: string }[] {
  return SPREADSHEET_SEPARATORS.flatMap((separator) =>
    spreadsheetCells(text, separator)
      .map((cell) => cell.replace(/^[ "]*/, ""))
      .filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell.replace(/"*$/, "")))
      .map((cell) => ({ separator, cell })),
  );
}

/** Asserts that no spreadsheet, whichever separator it reads with, finds a formula in the download. */
export function expectNoFormulaCells(text: string): void {
  expect(formulaCells(text)).toEqual([]);
}
