import { guardFormula } from "./formula-guard";

/** Byte-order mark: spreadsheets then read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

// Quoted: a cell holding a quote, a line break or a separator of any locale (comma, semicolon, tab).
const NEEDS_QUOTES = /[",;\t\r\n]/;

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * One CSV cell per RFC 4180, quoted when it holds a separator of any locale, with every part a spreadsheet could run
 * as a formula neutralised by an apostrophe (lib/formula-guard.ts). Numbers go out as they are.
 */
export function csvCell(value: unknown): string {
  // Strings first: an export writes millions of them.
  if (typeof value === "string") return quoted(guardFormula(value));
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return quoted(guardFormula(Array.isArray(value) ? value.join("; ") : value instanceof Date ? value.toISOString() : String(value)));
}

export const csvRow = (values: readonly unknown[]) => `${values.map(csvCell).join(",")}\r\n`;

// A text cell that needs neither the formula guard nor quotes goes out as it is: no quote, separator or line break,
// and no formula character at its start (past spaces and apostrophes, as the guard looks).
const PLAIN_TEXT = /^(?![ ']*[=+\-@])[^",;\t\r\n]*$/;

/**
 * Many rows of text cells (null for empty) as CSV lines, each cut to its first `width` cells; the same output
 * as csvRow, with a fast path for the plain cells that make up nearly every export.
 */
export function csvLines(rows: readonly (readonly (string | null)[])[], width: number): string {
  let out = "";
  for (const row of rows) {
    for (let i = 0; i < width; i++) {
      const value = row[i];
      if (i > 0) out += ",";
      if (value === null || value === undefined) continue;
      out += PLAIN_TEXT.test(value) ? value : csvCell(value);
    }
    out += "\r\n";
  }
  return out;
}
