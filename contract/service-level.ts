import { z } from "zod";
import { isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";

/**
 * The service level on the Enterprise tab (spec §2, §7: read on load): what the API and the issue review actually
 * achieved over a period, each figure beside its configured target (SLA_* variables) and whether it was met.
 */

export const SLA_DEFAULT_DAYS = 30;
export const SLA_MAX_DAYS = 90;

export const serviceLevelFigureSchema = z.object({
  /** The measured value; null when nothing was measured in the period. */
  value: z.number().nullable(),
  target: z.number(),
  /** Whether the value meets the target (for uptime: at least it; for the others: at most it); null without a value. */
  met: z.boolean().nullable(),
  /** How many things the value was measured over: minutes, requests or issues. */
  sample: z.number().int(),
});
export type ServiceLevelFigure = z.infer<typeof serviceLevelFigureSchema>;

export const serviceLevelSchema = z.object({
  from: isoDateTime,
  to: isoDateTime,
  /** Percent of minutes in which at least one app instance was up (sample: minutes expected). */
  uptimePercent: serviceLevelFigureSchema,
  /** 95th percentile of API response time, in ms (sample: requests). */
  p95LatencyMs: serviceLevelFigureSchema,
  /** Percent of API requests answered with a server error, 5xx (sample: requests). */
  errorRatePercent: serviceLevelFigureSchema,
  /** Median minutes from an issue's report to its repair proposal (sample: issues with a proposal). */
  timeToProposalMinutes: serviceLevelFigureSchema,
  /** Median hours from an issue's report to its approval (sample: approved issues). */
  timeToApprovalHours: serviceLevelFigureSchema,
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;

export const serviceLevelQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(SLA_MAX_DAYS).default(SLA_DEFAULT_DAYS).describe("The period: this many days up to now"),
});

export const serviceLevelEndpoints = defineEndpoints("serviceLevel", {
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/enterprise/sla",
    query: serviceLevelQuerySchema,
    reply: serviceLevelSchema,
    errors: [400],
    tags: ["Enterprise"],
    summary: "The measured service level (uptime, p95 latency, error rate, issue time to proposal and to approval) against its targets",
    description:
      "Uptime, latency and errors are measured from every API request by every app instance, rolled up to the database each minute; " +
      "issue times come from the issues' own timestamps. Targets are configured with the SLA_* environment variables.",
  }),
});
