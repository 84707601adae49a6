import type { TFunction } from "i18next";
import type { SortDirection } from "@contract/records/schemas";
import { formatNumber } from "../record-labels";
import { futureTone, stewardshipTone, threeStepTone } from "../score-tones";

/*
 * Pure pieces of a declared page, tested once here: how a figure is written in each format, which colour a score
 * takes under each of the spec's schemes, how many rows a capped card shows and when it offers "View all", and how a
 * full list's header clicks cycle its sort (the server sorts).
 */

/**
 * How a figure reads. A declaration names the format instead of writing the string, so every page writes
 * minutes, money and percentages the same way in both languages:
 * - number: 9,380 (up to 2 decimals); percent: 85%; money: $1,250.50 (USD, the currency every amount is stored in);
 * - minutes: 55.2 min; days: 14 days; months: 18 months; outOf10: 7.5/10 (effectiveness ratings).
 */
export const figureFormats = ["number", "percent", "money", "minutes", "days", "months", "outOf10"] as const;
export type FigureFormat = (typeof figureFormats)[number];

/** A figure as text; null (a figure nobody recorded) reads "—", never a zero nobody measured. */
export function formatFigure(t: TFunction, language: string, format: FigureFormat, value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return "—";
  switch (format) {
    case "number":
      return formatNumber(n, language);
    case "percent":
      return `${formatNumber(n, language)}%`;
    case "money":
      return new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(n);
    case "minutes":
      return t("records.units.minutes", { value: formatNumber(n, language) });
    case "days":
      return t("records.units.days", { count: n, value: formatNumber(n, language) });
    case "months":
      return t("records.units.months", { count: n, value: formatNumber(n, language) });
    case "outOf10":
      return `${formatNumber(n, language)}/10`;
  }
}

/**
 * The spec's colour schemes for scores (§5), named by their thresholds so a declaration reads like the spec:
 * "80/60" Business Health and Perpetual Innovation; "90/80/70/60" Final and Perpetual Stewardship; "95/85/75/65"
 * Future Stewardship's percentages.
 */
export const toneSchemes = {
  "80/60": threeStepTone,
  "90/80/70/60": stewardshipTone,
  "95/85/75/65": futureTone,
} as const;
export type ToneScheme = keyof typeof toneSchemes;

/** The text colour of a score under a scheme; none for a figure without a scheme or without a value. */
export function toneClass(scheme: ToneScheme | undefined, value: number | string | null | undefined): string | undefined {
  if (!scheme || value === null || value === undefined || value === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? toneSchemes[scheme](n) : undefined;
}

/** The rows a card shows: the first `cap` (the spec's "latest 5"), or all of them when it has no cap. */
export const cappedRows = <Row>(rows: readonly Row[], cap: number | undefined): readonly Row[] => (cap === undefined ? rows : rows.slice(0, cap));

/**
 * Whether a card offers "View all (N)": a capped card once there is a record (the full list also searches, sorts and
 * pages), and any card whose query answered fewer rows than it matches.
 */
export const offersViewAll = (cap: number | undefined, total: number | undefined, loaded: number) =>
  (cap !== undefined && (total ?? 0) > 0) || (total ?? 0) > loaded;

/** A full list's sort, as its header clicks set it and the GET list endpoint applies it (`sort`, `direction`). */
export type RowSort = { field: string; direction: SortDirection };

/** A header click: a new field sorts ascending, the same field flips, and a third click returns to the declared order. */
export function nextSort(current: RowSort | null, field: string): RowSort | null {
  if (!current || current.field !== field) return { field, direction: "asc" };
  return current.direction === "asc" ? { field, direction: "desc" } : null;
}

