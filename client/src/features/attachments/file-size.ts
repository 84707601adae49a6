/** A file's size for people: bytes, kB or MB in the reader's number format ("25 MB", "1,4 MB"). */
export function formatFileSize(bytes: number, language: string): string {
  const format = (value: number, unit: "byte" | "kilobyte" | "megabyte") =>
    new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: unit === "byte" ? 0 : 1 }).format(value);
  if (bytes < 1024) return format(bytes, "byte");
  if (bytes < 1024 * 1024) return format(bytes / 1024, "kilobyte");
  return format(bytes / (1024 * 1024), "megabyte");
}
