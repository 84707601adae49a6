import { NPS_DETRACTOR_MAX, NPS_PASSIVE_MAX, type NpsLabel, type RiskLevel } from "@contract/customer-success";
import type { BadgeTone } from "@/features/records";

/** A 0–10 answer's colour: the spec's cut-offs 6 and 8 (detractor red, passive yellow, promoter green). */
export function npsAnswerTone(score: number): BadgeTone {
  if (score <= NPS_DETRACTOR_MAX) return "destructive";
  if (score <= NPS_PASSIVE_MAX) return "warning";
  return "success";
}

/** The NPS label's colour: Excellent green, Good yellow, Needs Improvement red. */
export const npsLabelTone: Record<NpsLabel, BadgeTone> = { excellent: "success", good: "warning", needs_improvement: "destructive" };

/** Risk levels: low green, medium blue, high yellow, critical red (high and critical are at risk). */
export const riskTone: Record<RiskLevel, BadgeTone> = { low: "success", medium: "info", high: "warning", critical: "destructive" };

/** A retention cell's shade by its percentage: a heat map in five steps, solid colours whose text keeps AA contrast. */
export function retentionCellClass(percent: number): string {
  if (percent >= 80) return "bg-emerald-700 text-white";
  if (percent >= 60) return "bg-emerald-500 text-emerald-950";
  if (percent >= 40) return "bg-emerald-300 text-emerald-950";
  if (percent >= 20) return "bg-emerald-200 text-emerald-950";
  if (percent > 0) return "bg-emerald-100 text-emerald-950";
  return "bg-muted text-foreground";
}

/** A renewal or upsell offer's status: accepted green, declined or expired red, pending yellow. */
export const offerStatusTone = (status: string): BadgeTone =>
  status === "accepted" ? "success" : status === "declined" || status === "expired" ? "destructive" : "warning";
