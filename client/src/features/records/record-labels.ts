import type { TFunction } from "i18next";
import type { FieldSpec, RecordFamily } from "@contract/records/family";

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
      return formatNumber(Number(value), language);
    case "list":
      return (value as string[]).join(", ");
    default:
      return String(value);
  }
}

export const formatNumber = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

/** A calendar day (YYYY-MM-DD) in the reader's language, read and shown in UTC so it never shifts a day. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Today as the server counts days (UTC), YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
