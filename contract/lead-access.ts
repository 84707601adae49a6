import { z } from "zod";
import { isoDateTime, rowIdSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";

/**
 * Issue 26.5: which leads agents work on, and how new leads that no person entered are assigned.
 *
 * - Lead access: "all" (every agent sees every lead) or "own" (an agent, and any API key the agent made, sees and
 *   changes only the leads assigned to them and the unassigned ones). Managers, administrators and viewers always see
 *   every lead (leads.readAll). Any signed-in member of staff may read the setting, so a screen can say why a list is
 *   limited; only administrators change it.
 * - Assignment rules, one per source of new leads (the public form, the capture API, imports): to nobody, to one
 *   person, or in turn over chosen staff. A rule applies when the lead names no assignee; leads staff enter in the
 *   app get none.
 */

export const leadAccessValues = ["all", "own"] as const;
export const leadAccessSchema = z.enum(leadAccessValues).describe("all: agents work on every lead; own: on their own leads and unassigned ones");
export type LeadAccessValue = z.infer<typeof leadAccessSchema>;

/** A member of staff as a setting names them. */
export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const leadAccessSettingsSchema = z.object({
  agents: leadAccessSchema,
  updatedAt: isoDateTime,
  updatedBy: staffRefSchema.nullable().describe("Who last changed it; null before anyone has, or when that account is gone"),
});
export type LeadAccessSettings = z.infer<typeof leadAccessSettingsSchema>;

export const leadAccessUpdateSchema = z.object({ agents: leadAccessSchema });
export type LeadAccessUpdate = z.infer<typeof leadAccessUpdateSchema>;

/** Where a new lead came from, as the assignment rules tell them apart. */
export const leadAssignmentSources = ["form", "api", "import"] as const;
export const leadAssignmentSourceSchema = z.enum(leadAssignmentSources).describe("form: the public form (/join); api: POST /api/leads with an API key; import: a CSV import");
export type LeadAssignmentSource = z.infer<typeof leadAssignmentSourceSchema>;

export const leadAssignmentModes = ["none", "one", "roundRobin"] as const;
export const leadAssignmentModeSchema = z.enum(leadAssignmentModes).describe("none: nobody; one: the one person named; roundRobin: each person named in turn");
export type LeadAssignmentMode = z.infer<typeof leadAssignmentModeSchema>;

/** More people than any team takes turns among; bounds the stored array. */
export const ASSIGNMENT_PEOPLE_MAX = 200;

export const leadAssignmentRuleInputSchema = z
  .object({
    source: leadAssignmentSourceSchema,
    mode: leadAssignmentModeSchema,
    userIds: z.array(rowIdSchema).max(ASSIGNMENT_PEOPLE_MAX).default([]).describe("The staff it assigns to, in turn order; ignored (stored empty) when mode is none"),
  })
  .superRefine((rule, ctx) => {
    if (rule.mode === "one" && rule.userIds.length !== 1) ctx.addIssue({ code: "custom", path: ["userIds"], message: errorMessage("lead_assignment.one_person") });
    if (rule.mode === "roundRobin" && rule.userIds.length === 0) ctx.addIssue({ code: "custom", path: ["userIds"], message: errorMessage("lead_assignment.no_people") });
    if (new Set(rule.userIds).size !== rule.userIds.length) ctx.addIssue({ code: "custom", path: ["userIds"], message: errorMessage("lead_assignment.repeated_person") });
  })
  .transform((rule) => (rule.mode === "none" ? { ...rule, userIds: [] } : rule));
export type LeadAssignmentRuleInput = z.output<typeof leadAssignmentRuleInputSchema>;

export const leadAssignmentUpdateSchema = z.object({
  rules: z
    .array(leadAssignmentRuleInputSchema)
    .min(1)
    .max(leadAssignmentSources.length)
    .superRefine((rules, ctx) => {
      rules.forEach((rule, i) => {
        if (rules.findIndex((other) => other.source === rule.source) !== i) {
          ctx.addIssue({ code: "custom", path: [i, "source"], message: errorMessage("lead_assignment.repeated_source", { source: rule.source }) });
        }
      });
    })
    .describe("The rules to replace, one per source; a source not sent keeps its rule"),
});
export type LeadAssignmentUpdate = z.output<typeof leadAssignmentUpdateSchema>;

export const leadAssignmentRuleSchema = z.object({
  source: leadAssignmentSourceSchema,
  mode: leadAssignmentModeSchema,
  userIds: z.array(z.number().int()),
  people: z
    .array(staffRefSchema.extend({ available: z.boolean().describe("false when deactivated or made a viewer since the rule was saved: skipped") }))
    .describe("userIds' people, in the same order, with their names"),
  updatedAt: isoDateTime,
  updatedBy: staffRefSchema.nullable(),
});
export type LeadAssignmentRule = z.infer<typeof leadAssignmentRuleSchema>;

export const leadAssignmentRulesSchema = z.object({ rules: z.array(leadAssignmentRuleSchema).describe("One per source: form, api, import") });
export type LeadAssignmentRules = z.infer<typeof leadAssignmentRulesSchema>;

// Endpoints

const tags = ["Lead access"];

export const leadAccessEndpoints = defineEndpoints("leadAccess", {
  access: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/settings/lead-access",
    reply: leadAccessSettingsSchema,
    tags,
    summary: "Which leads agents work on: all, or their own and unassigned ones",
  }),
  updateAccess: defineEndpoint({
    method: "PUT",
    permission: "settings.manage",
    path: "/settings/lead-access",
    body: leadAccessUpdateSchema,
    reply: leadAccessSettingsSchema,
    errors: [400, 403],
    tags,
    summary: "Set which leads agents work on (administrators)",
    description: "Applies to the next request of every agent, on every instance. A value other than all or own answers 400 naming agents.",
  }),
  assignment: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/settings/lead-assignment",
    reply: leadAssignmentRulesSchema,
    tags,
    summary: "How new leads from the public form, the capture API and imports are assigned",
  }),
  updateAssignment: defineEndpoint({
    method: "PUT",
    permission: "settings.manage",
    path: "/settings/lead-assignment",
    body: leadAssignmentUpdateSchema,
    reply: leadAssignmentRulesSchema,
    errors: [400, 403],
    tags,
    summary: "Set how new leads from each source are assigned (administrators)",
    description:
      "one needs exactly one person, roundRobin at least one; each must be an active member of staff who may hold leads " +
      "(an agent, manager or administrator), else 400 naming rules.<i>.userIds. Saving a rule starts its turns again from the first person.",
  }),
});
