/**
 * The page's display rules as pure functions, so their boundaries are tested (spec §2, §9): the ready message only at
 * exactly 100, sizes in 1000 steps (1 GB = 10^9 bytes) with one decimal (as the server writes the archives' total), a signed change.
 */

/** 'System Ready for Perpetual Stewardship' shows only at exactly 100. */
export const isSystemReady = (maturity: number) => maturity === 100;

const units = ["KB", "MB", "GB", "TB"] as const;

/** Bytes as text: "0 B", "512 B", "1.5 KB" ... "2.1 TB" (one decimal above bytes, in the reader's number format). */
export function formatBytes(bytes: number, language: string): string {
  if (bytes < 1000) return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(bytes)} B`;
  let value = bytes;
  let unit = 0;
  for (value = bytes / 1000; value >= 1000 && unit < units.length - 1; unit++) value /= 1000;
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}

/** A change with its sign: "+15", "-3.5", "0". */
export function signedChange(change: number, language: string): string {
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Math.abs(change));
  return change > 0 ? `+${text}` : change < 0 ? `-${text}` : text;
}
