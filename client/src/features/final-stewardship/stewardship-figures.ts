import { stewardshipTone } from "@/features/records/score-tones";

/*
 * The Final Stewardship page's display rules (spec §2, §5, §9) as pure functions, so each boundary is tested once.
 */

/** Spec §5: on the stewardship pages at least 90 is emerald, 80 green, 70 yellow, 60 orange, otherwise red. */
export const scoreTone = stewardshipTone;

/** The star beside the final readiness score: at 90 or more. */
export const showsReadinessStar = (finalReadiness: number) => finalReadiness >= 90;

/** 'System Ready for Perpetual Stewardship': only at exactly 100. */
export const isReadyForPerpetualStewardship = (finalReadiness: number) => finalReadiness === 100;

const BYTES_PER_GB = 1024 ** 3;

/** An archive size in bytes as GB with one decimal, in the reader's language ("5.0 GB"); missing sizes count as 0. */
export function formatGb(bytes: number | null | undefined, language: string): string {
  const gb = (bytes ?? 0) / BYTES_PER_GB;
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(gb)} GB`;
}

/** An audit trend's change with its sign ("+8.5", "-3", "0"). */
export function signedChange(change: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(change);
}

/** How many entries a stored list field holds (findings, action items, roles...). */
export const entries = (value: unknown) => (Array.isArray(value) ? value.length : 0);
