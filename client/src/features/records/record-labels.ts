import type { TFunction } from "i18next";
import { BYTES_PER_GB, type FieldSpec, type RecordFamily } from "@contract/records/family";

/** A field's label, by its name (shared by every family that has a field of that name). */
export const fieldLabel = (t: TFunction, field: string) => t(`records.fields.${field}` as "records.fields.title");

/** An enum value in the reader's language; an unknown one as it is, underscores shown as spaces. */
export function valueLabel(t: TFunction, value: string): string {
  return t(`records.values.${value}` as "records.values.active", { defaultValue: value.replace(/_/g, " ") });
}

/** A family's name ("Risk"), for form titles. */
export const familyLabel = (t: TFunction, family: RecordFamily) => t(`records.families.${family.key}` as "records.families.risk");

/** A stored value as text for a list cell. */
export function displayValue(t: TFunction, language: string, spec: FieldSpec, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  switch (spec.kind) {
    case "enum":
      return valueLabel(t, String(value));
    case "date":
      return formatDay(String(value), language);
    case "boolean":
      return value ? t("records.yes") : t("records.no");
    case "money":
      return new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(Number(value));
    case "percent":
      return `${formatNumber(Number(value), language)}%`;
    case "integer":
    case "number":
      if (spec.unit === "GB") return formatGigabytes(Number(value), language);
      return formatNumber(Number(value), language);
    case "list":
      return (value as string[]).join(", ");
    default:
      return String(value);
  }
}

export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

/** A size in bytes as decimal GB with one decimal, 1 GB = 10^9 bytes, in the reader's number format ("5.4 GB", "5,4 GB"). */
export const formatGigabytes = (bytes: number, language: string) =>
  `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / BYTES_PER_GB)} GB`;

/** Bytes as the GB a form shows (at most one decimal, no grouping: "5.4"); the form sends them back unchanged unless edited. */
export const gigabytesText = (bytes: number) => String(Math.round((bytes / BYTES_PER_GB) * 10) / 10);

/**
 * GB as typed in a form ("5.4", "5,4", "12") as whole bytes; NaN when it is not a number or has more than one decimal,
 * so the field's schema refuses it with its own message.
 */
export function gigabytesToBytes(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  if (!/^-?(\d+(\.\d)?|\.\d)$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * BYTES_PER_GB);
}

/** A calendar day (YYYY-MM-DD) in the reader's language, read and shown in UTC so it never shifts a day. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Today as the server counts days (UTC), YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
