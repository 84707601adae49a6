import type { ServiceLevel, ServiceLevelFigure } from "@contract/service-level";
import type { ServiceLevelTargets } from "../../config";
import type { Database } from "../../db/client";
import { serviceLevelBetween } from "../../db/queries/service-level";
import { issueTurnaround } from "./service-level.data";

/** A figure against its target: uptime must reach it, the others must stay within it. */
function figure(value: number | null, target: number, sample: number, atLeast = false): ServiceLevelFigure {
  const rounded = value === null ? null : Math.round(value * 1000) / 1000;
  return { value: rounded, target, sample, met: rounded === null ? null : atLeast ? rounded >= target : rounded <= target };
}

export async function serviceLevel(db: Database, targets: ServiceLevelTargets, days: number): Promise<ServiceLevel> {
  const to = new Date();
  const from = new Date(to.getTime() - days * 86_400_000);
  const measured = await serviceLevelBetween(db, from, to);
  const issues = await issueTurnaround(db, from, to);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    uptimePercent: figure(measured.uptimePercent, targets.uptimePercent, measured.expectedMinutes, true),
    p95LatencyMs: figure(measured.p95LatencyMs, targets.p95LatencyMs, measured.requests),
    errorRatePercent: figure(measured.errorRatePercent, targets.errorRatePercent, measured.requests),
    timeToProposalMinutes: figure(issues.proposalMinutes, targets.timeToProposalMinutes, issues.proposals),
    timeToApprovalHours: figure(issues.approvalHours, targets.timeToApprovalHours, issues.approvals),
  };
}
