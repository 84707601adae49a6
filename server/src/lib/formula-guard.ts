/*
 * The formula guard of every CSV the app writes, and its exact inverse for the CSV import.
 *
 * A spreadsheet runs a cell whose text starts with = + - @, a tab or a carriage return as a formula (a DDE call such as
 * =cmd|' /C calc'!A0, a HYPERLINK that leaks data). Which text becomes a cell depends on the separator the spreadsheet
 * reads with: a comma here, a semicolon in Spanish, German or French Excel, a tab when pasted, and where a reader with
 * the wrong separator ignores the file's quotes, a line break or a quote ends or opens a cell too. So the guard looks
 * at every place a cell could start, not only at the start of the value:
 *
 * - A value that is plainly a number or a phone number, digits with only spaces and + - ( ) . around them
 *   ("+34 600 111 333", "-5.00", "(555) 010-0100"), stays as it is: it holds no separator, and as a formula it is at
 *   most arithmetic, never a call.
 * - Otherwise, at the start of the value and after each separator character (, ; tab CR LF), a part that starts, past
 *   any spaces, apostrophes and double quotes, with = + - @ tab or CR gets an apostrophe inserted at that point. Every
 *   cell a spreadsheet can cut from the value then starts with an apostrophe (text) or with something harmless.
 *
 * Apostrophes are skipped when looking for the formula character so that the guard is reversible: a value that already
 * starts a part with an apostrophe before a formula character gets one more, and unguardFormula removes exactly one
 * apostrophe wherever the guard would have put one. unguardFormula(guardFormula(v)) === v for every v.
 */

/** Digits, with only spaces and + - ( ) . around them; the first class holds no digit, so the match never backtracks. */
const PLAIN_NUMBER = /^[ +\-().]*\d[\d +\-().]*$/;

/** The start of the value and every point after a separator where a part starts with a formula character. */
const FORMULA_PART = /(?<=^|[,;\t\r\n])(?=[ '"]*[=+\-@\t\r])/g;

/** An apostrophe the guard put in: at a part's start, before what would otherwise be a formula. */
const GUARD_APOSTROPHE = /(?<=^|[,;\t\r\n])'(?=[ '"]*[=+\-@\t\r])/g;

/** True when the value is a plain number or phone number, which the guard leaves as it is. */
export const isPlainNumber = (text: string) => PLAIN_NUMBER.test(text);

/** The value with an apostrophe before every part a spreadsheet could run as a formula, whichever separator it reads. */
export function guardFormula(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  return text.replace(FORMULA_PART, "'");
}

/** The value a CSV cell held before guardFormula: the inverse, for reading back a file the app exported. */
export function unguardFormula(text: string): string {
  return text.includes("'") ? text.replace(GUARD_APOSTROPHE, "") : text;
}
