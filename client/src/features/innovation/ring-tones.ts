import type { BadgeTone } from "@/features/records";

/*
 * Colours of the statuses the spec lists without naming a colour (§4): the radar's rings from "use it" (green) to
 * "do not start anything new with it" (red), and legacy integrations from running (green) to switched off (grey).
 * Experiments use the innovation scheme (statusTone "innovation"); compliance audits map onto the same meanings.
 */
const ringTones: Record<string, BadgeTone> = { adopt: "success", trial: "info", assess: "warning", hold: "destructive" };
const legacyTones: Record<string, BadgeTone> = { active: "success", deprecated: "warning", sunset: "secondary" };
const auditTones: Record<string, BadgeTone> = { passed: "success", in_progress: "info", planning: "warning", failed: "destructive" };

export const ringTone = (ring: string): BadgeTone => ringTones[ring] ?? "outline";
export const legacyTone = (status: string): BadgeTone => legacyTones[status] ?? "outline";
export const auditTone = (status: string): BadgeTone => auditTones[status] ?? "outline";

/** The radar's point fill per ring (SVG), dark enough for the white number drawn on it. */
const ringFills: Record<string, string> = { adopt: "fill-emerald-700", trial: "fill-sky-700", assess: "fill-amber-700", hold: "fill-red-700" };
export const ringFill = (ring: string) => ringFills[ring] ?? "fill-slate-600";
