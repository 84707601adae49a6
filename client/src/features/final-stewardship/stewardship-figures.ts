import { formatGigabytes, stewardshipTone } from "@/features/records";

/*
 * The Final Stewardship page's display rules (spec §2, §5, §9) as pure functions, so each boundary is tested once.
 */

/** Spec §5: on the stewardship pages at least 90 is emerald, 80 green, 70 yellow, 60 orange, otherwise red. */
export const scoreTone = stewardshipTone;

/** The star beside the final readiness score: at 90 or more. */
export const showsReadinessStar = (finalReadiness: number) => finalReadiness >= 90;

/** 'System Ready for Perpetual Stewardship': only at exactly 100. */
export const isReadyForPerpetualStewardship = (finalReadiness: number) => finalReadiness === 100;

/** An archive size in bytes as GB with one decimal, 1 GB = 10^9 bytes, in the reader's language ("5.4 GB"); missing sizes count as 0. */
export const formatGb = (bytes: number | null | undefined, language: string) => formatGigabytes(bytes ?? 0, language);

/** An audit trend's change with its sign ("+8.5", "-3", "0"). */
export function signedChange(change: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(change);
}

/** How many entries a stored list field holds (findings, action items, roles...). */
export const entries = (value: unknown) => (Array.isArray(value) ? value.length : 0);
