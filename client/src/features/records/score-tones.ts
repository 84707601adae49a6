/**
 * The monitoring pages' colour thresholds (spec §5) and status badge colours (spec §4), as pure functions so each
 * boundary is tested once. Text colours are the strong shades that keep 4.5:1 contrast on a card.
 */

/** Business Health and Perpetual Innovation: at least 80 green, at least 60 yellow, otherwise red. */
export function threeStepTone(score: number): string {
  if (score >= 80) return "text-success-strong";
  if (score >= 60) return "text-amber-700";
  return "text-destructive-strong";
}

const fiveStepColours = ["text-emerald-700", "text-green-700", "text-yellow-700", "text-orange-700", "text-destructive-strong"] as const;

/** Final and Perpetual Stewardship: at least 90 emerald, 80 green, 70 yellow, 60 orange, otherwise red. */
export function stewardshipTone(score: number): string {
  const step = [90, 80, 70, 60].findIndex((floor) => score >= floor);
  return fiveStepColours[step === -1 ? 4 : step]!;
}

/** Future Stewardship's percentages: at least 95 emerald, 85 green, 75 yellow, 65 orange, otherwise red. */
export function futureTone(percent: number): string {
  const step = [95, 85, 75, 65].findIndex((floor) => percent >= floor);
  return fiveStepColours[step === -1 ? 4 : step]!;
}

export type BadgeTone = "success" | "info" | "warning" | "destructive" | "secondary" | "outline";

/** Which statuses share a colour, per page family of statuses (spec §4). Anything unlisted is neutral. */
const statusTones: Record<string, Partial<Record<BadgeTone, readonly string[]>>> = {
  /** Innovation, handover, legacy plan and sustainability statuses. */
  innovation: {
    success: ["completed", "confirmed", "active"],
    info: ["in_progress", "ready", "announced"],
    warning: ["planning", "preparing", "draft"],
    destructive: ["cancelled", "archived"],
  },
  /** Certification statuses. */
  certification: {
    success: ["certified", "verified", "completed", "active", "published"],
    info: ["conditional"],
    destructive: ["failed", "expired"],
    warning: ["pending", "draft", "planning"],
    secondary: ["archived"],
  },
  /** Stewardship statuses. */
  stewardship: {
    success: ["confirmed", "verified", "completed", "active", "published"],
    info: ["ready", "delivered", "in_progress", "approved"],
    warning: ["preparing", "planning", "draft"],
    destructive: ["deprecated", "failed", "archived"],
  },
  /** Future-stewardship badges. */
  future: {
    success: ["active", "completed", "published", "ratified", "verified"],
    info: ["in_progress", "approved", "ready"],
    warning: ["draft", "planned", "preparing"],
    secondary: ["superseded", "archived", "deprecated"],
  },
  /** Incident simulation statuses (Business Health → Incidents). */
  simulation: {
    info: ["active", "in_progress"],
    success: ["completed", "mitigated"],
    warning: ["planning"],
    destructive: ["cancelled"],
  },
  /** Report publication status: public is green, anything else grey. */
  publication: { success: ["public"] },
};

export type StatusScheme = keyof typeof statusTones;

export function statusTone(scheme: StatusScheme, status: string): BadgeTone {
  for (const [tone, values] of Object.entries(statusTones[scheme]!)) if (values.includes(status)) return tone as BadgeTone;
  return scheme === "publication" ? "secondary" : "outline";
}
