/** Byte-order mark: spreadsheets then read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

// A cell starting with one of these is run as a formula by spreadsheet programs.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One CSV cell per RFC 4180, with formula-like text neutralised by a leading apostrophe. */
export function csvCell(value: unknown): string {
  // Strings first: an export writes millions of them.
  if (typeof value === "string") return quoted(FORMULA_START.test(value) ? `'${value}` : value);
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return quoted(Array.isArray(value) ? value.join("; ") : value instanceof Date ? value.toISOString() : String(value));
}

export const csvRow = (values: readonly unknown[]) => `${values.map(csvCell).join(",")}\r\n`;
