import { z } from "zod";
import { codedMessageSchema, idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { domainEventNames, type DomainEventName } from "./events";
import { leadStatusSchema } from "./leads";
import { taskPrioritySchema } from "./tasks";
import { webhookUrlSchema } from "./webhooks";

/** The spec's two trigger names, and the domain event each stands for; every other trigger is an event name. */
export const triggerAliases = { new_lead: "lead.created", lead_updated: "lead.updated" } as const satisfies Record<string, DomainEventName>;
export const automationTriggers = ["new_lead", "lead_updated", ...domainEventNames] as const;
export type AutomationTrigger = (typeof automationTriggers)[number];

/** The domain event a trigger waits for. */
export const eventOfTrigger = (trigger: AutomationTrigger): DomainEventName =>
  trigger === "new_lead" || trigger === "lead_updated" ? triggerAliases[trigger] : trigger;

export const automationActions = ["send_email", "create_task", "notify", "update_lead", "call_webhook"] as const;
export type AutomationAction = (typeof automationActions)[number];

export const conditionOperators = ["equals", "in", "contains", "greater_than"] as const;

/** How many automations deep a chain may go (an automation's change triggering another): deeper runs are stopped. */
export const MAX_AUTOMATION_DEPTH = 3;

/** A test on one field of the event's payload; `in` takes a comma-separated list. */
export const automationConditionSchema = z.object({
  field: z.string().trim().min(1).max(100).describe("A payload field of the event, e.g. businessName or status"),
  operator: z.enum(conditionOperators, { error: errorMessage("automation.invalid_operator") }),
  value: z.string().max(500),
});
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

/** An address, or a placeholder filled from the event such as {{lead.email}}. */
const recipientSchema = z
  .string()
  .trim()
  .min(1)
  .max(320)
  .refine((value) => /^\{\{\s*[\w.]+\s*\}\}$/.test(value) || z.email().safeParse(value).success, errorMessage("automation.invalid_recipient"));

export const sendEmailConfigSchema = z.object({
  to: recipientSchema,
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(10_000).describe("Placeholders such as {{lead.businessName}} are filled from the event"),
});

export const createTaskConfigSchema = z.object({
  title: z.string().trim().min(1).max(200),
  priority: taskPrioritySchema.default("medium"),
  dueInDays: z.number().int().min(0).max(365).optional(),
  assigneeEmail: z.email().max(150).optional().describe("A staff member's email; the task is unassigned without it"),
});

export const notifyConfigSchema = z.object({
  userEmail: z.email().max(150),
  message: z.string().trim().min(1).max(500),
});

export const updateLeadConfigSchema = z
  .object({
    status: leadStatusSchema.optional(),
    priority: taskPrioritySchema.optional(),
    stage: z.string().trim().min(1).max(50).optional(),
    tag: z.string().trim().min(1).max(50).optional(),
  })
  .refine((config) => Object.values(config).some((value) => value !== undefined), errorMessage("automation.update_lead_empty"));

/** POSTs the event, signed per Standard Webhooks with the workflow's own secret (see automationWebhookBodySchema). */
export const callWebhookConfigSchema = z.object({
  url: webhookUrlSchema,
});

/** What a call_webhook action posts: the Standard Webhooks shape, and which workflow sent it. */
export const automationWebhookBodySchema = z.object({
  type: z.string().describe("The event's name, e.g. lead.created"),
  timestamp: isoDateTime.describe("When the event happened"),
  data: z.record(z.string(), z.unknown()).describe("The event's payload, with its eventId"),
  automation: z.object({ id: z.number().int(), name: z.string() }),
});
export type AutomationWebhookBody = z.infer<typeof automationWebhookBodySchema>;

const workflowBase = {
  name: z.string().trim().min(1).max(100),
  trigger: z.enum(automationTriggers, { error: errorMessage("automation.invalid_trigger") }),
  conditions: z.array(automationConditionSchema).max(10).default([]),
};

/** A workflow's definition: the config's shape follows the action. */
export const automationDefinitionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ ...workflowBase, action: z.literal("send_email"), config: sendEmailConfigSchema }),
    z.object({ ...workflowBase, action: z.literal("create_task"), config: createTaskConfigSchema }),
    z.object({ ...workflowBase, action: z.literal("notify"), config: notifyConfigSchema }),
    z.object({ ...workflowBase, action: z.literal("update_lead"), config: updateLeadConfigSchema }),
    z.object({ ...workflowBase, action: z.literal("call_webhook"), config: callWebhookConfigSchema }),
  ],
  { error: errorMessage("automation.invalid_action") },
);
export type AutomationDefinition = z.infer<typeof automationDefinitionSchema>;
export type AutomationDefinitionInput = z.input<typeof automationDefinitionSchema>;

export const createAutomationBodySchema = automationDefinitionSchema;

/** The switch alone ({ enabled }), or an edit: the given fields replace the stored ones and the whole is checked again. */
export const updateAutomationBodySchema = z.object({
  enabled: z.boolean().optional(),
  name: workflowBase.name.optional(),
  trigger: workflowBase.trigger.optional(),
  conditions: z.array(automationConditionSchema).max(10).optional(),
  action: z.enum(automationActions, { error: errorMessage("automation.invalid_action") }).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateAutomationBody = z.infer<typeof updateAutomationBodySchema>;

export const automationWorkflowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  trigger: z.string(),
  conditions: z.array(automationConditionSchema),
  action: z.string(),
  config: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  hasSigningSecret: z.boolean().describe("Whether the workflow has a signing secret (call_webhook); the secret itself is shown only once"),
  createdAt: isoDateTime,
});
export type AutomationWorkflow = z.infer<typeof automationWorkflowSchema>;

/** The answer to a create or an edit: a call_webhook workflow's new signing secret comes with it, this once. */
export const savedAutomationWorkflowSchema = automationWorkflowSchema.extend({
  signingSecret: z
    .string()
    .startsWith("whsec_")
    .optional()
    .describe("The Standard Webhooks signing secret, when this create or edit made one (call_webhook); never shown again"),
});
export type SavedAutomationWorkflow = z.infer<typeof savedAutomationWorkflowSchema>;

/** pending: a call_webhook run whose request (or a retry of it) is still to be made. */
export const automationRunOutcomes = ["success", "failed", "loop_stopped", "pending"] as const;
export type AutomationRunOutcome = (typeof automationRunOutcomes)[number];

export const automationRunSchema = z.object({
  id: z.number().int(),
  eventName: z.string(),
  outcome: z.enum(automationRunOutcomes),
  error: z.string().nullable().describe("Why it failed, in English"),
  errorCode: codedMessageSchema.nullable().describe("The same as a code of automationRunErrors (contract/server-messages.ts) with params; null when it did not fail or failed for a reason without a code"),
  attempts: z.number().int(),
  durationMs: z.number().int(),
  at: isoDateTime,
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

// Endpoints

const tags = ["Automations"];

export const automationEndpoints = defineEndpoints("automations", {
  list: defineEndpoint({ method: "GET", permission: "crm.read", path: "/automations", reply: z.array(automationWorkflowSchema), tags, summary: "Automation workflows, newest first" }),
  create: defineEndpoint({
    method: "POST",
    permission: "automations.manage",
    path: "/automations",
    body: createAutomationBodySchema,
    reply: savedAutomationWorkflowSchema,
    status: 201,
    errors: [400, 403],
    tags,
    summary: "Create an automation workflow",
    description:
      "When the trigger's event happens and every condition holds, the action runs. Texts may hold placeholders such as " +
      "`{{lead.businessName}}`. A failing action is retried with backoff, then the run is marked failed and the creator told. " +
      "call_webhook (administrators only) POSTs `{ type, timestamp, data, automation: { id, name } }` to `config.url`, signed per " +
      "Standard Webhooks with the workflow's signing secret (`webhook-id` is `auto_<runId>` on every attempt); the secret is in this " +
      "answer only. Its run is `pending` until the receiver answers 2xx or the retries run out.",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "automations.manage",
    path: "/automations/:id",
    params: idParamsSchema,
    body: updateAutomationBodySchema,
    reply: savedAutomationWorkflowSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Enable or disable an automation workflow, or edit it",
    description: "Editing a workflow into call_webhook (administrators only) gives it a signing secret if it has none, returned in this answer only.",
  }),
  remove: defineEndpoint({ method: "DELETE", permission: "automations.manage", path: "/automations/:id", params: idParamsSchema, reply: okSchema, errors: [404], tags, summary: "Delete an automation workflow and its run log" }),
  runs: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/automations/:id/runs",
    params: idParamsSchema,
    reply: z.array(automationRunSchema),
    errors: [404],
    tags,
    summary: "The workflow's latest 50 runs, newest first",
  }),
});
