import { z } from "zod";
import { codedMessageSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { domainEventNames } from "./events";
import { moneyOutput } from "./money";

/** The four integration cards of the Integrations tab, in display order. */
export const integrationKinds = ["zapier", "slack", "stripe", "google_workspace"] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

/**
 * available: nothing configured. configured: settings saved, never used successfully (or its last use failed).
 * connected: its last use (a Slack post, a connection check, a Zapier delivery) succeeded.
 */
export const integrationStatuses = ["available", "configured", "connected"] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];

export const integrationKindParamsSchema = z.object({
  kind: z.enum(integrationKinds, { error: errorMessage("integration.not_found") }),
});

const eventListSchema = z
  .array(z.enum(domainEventNames))
  .min(1, errorMessage("integration.no_events"))
  .max(domainEventNames.length)
  .transform((events) => [...new Set(events)]);

/** Secrets are optional on an update: left out, the stored one is kept. Never returned by the API. */
const slackUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:" && new URL(value).hostname === "hooks.slack.com", errorMessage("integration.invalid_slack_url"))
  .describe("The incoming-webhook URL Slack gives for a channel (a secret: stored encrypted, never shown again)");

export const slackSettingsBodySchema = z.object({
  kind: z.literal("slack"),
  webhookUrl: slackUrlSchema.optional(),
  channelLabel: z.string().trim().max(80).default("").describe("Shown on the card only, e.g. #sales"),
  events: eventListSchema.describe("The domain events posted to the channel"),
  enabled: z.boolean().default(true),
});

export const stripeSettingsBodySchema = z.object({
  kind: z.literal("stripe"),
  secretKey: z
    .string()
    .trim()
    .max(255)
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, errorMessage("integration.invalid_stripe_key"))
    .optional()
    .describe("A secret or restricted API key (stored encrypted, never shown again)"),
  publishableKey: z
    .string()
    .trim()
    .max(255)
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, errorMessage("integration.invalid_stripe_publishable_key"))
    .or(z.literal(""))
    .default(""),
  enabled: z.boolean().default(true),
});

export const googleWorkspaceSettingsBodySchema = z.object({
  kind: z.literal("google_workspace"),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(3)
    .max(253)
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, errorMessage("integration.invalid_domain"))
    .describe("The Workspace domain, e.g. example.com"),
  clientId: z.string().trim().min(1).max(255).describe("The OAuth client id from Google Cloud console"),
  clientSecret: z.string().trim().min(1).max(255).optional().describe("The OAuth client secret (stored encrypted, never shown again)"),
  enabled: z.boolean().default(true),
});

const configurableKinds = ["slack", "stripe", "google_workspace"] as const;

/** The body of PUT /api/integrations/:kind; its `kind` must match the path. Zapier has no form (see its card). */
export const integrationSettingsBodySchema = z.discriminatedUnion("kind", [slackSettingsBodySchema, stripeSettingsBodySchema, googleWorkspaceSettingsBodySchema], {
  // A kind that is none of the three: Zapier gets its own reason (it has no form), anything else the list of kinds.
  error: (issue) => {
    if (issue.code !== "invalid_union") return undefined;
    const input: unknown = issue.input;
    const kind = typeof input === "object" && input !== null && "kind" in input ? input.kind : undefined;
    return kind === "zapier" ? errorMessage("integration.not_configurable") : errorMessage("field.invalid_option", { options: configurableKinds.join(", ") });
  },
});
export type IntegrationSettingsBody = z.input<typeof integrationSettingsBodySchema>;

export const integrationStatusSchema = z.object({
  kind: z.enum(integrationKinds),
  status: z.enum(integrationStatuses),
  enabled: z.boolean(),
  /** Non-secret settings as saved (Slack: channelLabel, events; Stripe: publishableKey; Google: domain, clientId); {} when available. */
  settings: z.record(z.string(), z.unknown()),
  /** The last 4 characters of the stored secret, so staff can tell which one is saved; null without one. */
  secretHint: z.string().nullable(),
  configuredAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable().describe("The last successful use"),
  lastError: z.string().nullable().describe("What went wrong at the last use, in English"),
  lastErrorCode: codedMessageSchema
    .nullable()
    .describe("The same as a code of integrationOutcomes (contract/server-messages.ts) with params; null without one (Zapier's come from the receiver)"),
  lastErrorAt: isoDateTime.nullable(),
  /** Zapier only: webhook endpoints whose URL host is zapier.com or under it, and API keys whose label contains "zapier". */
  zapier: z.object({ webhookCount: z.number().int(), apiKeyCount: z.number().int() }).optional(),
});
export type IntegrationStatusRow = z.infer<typeof integrationStatusSchema>;

export const integrationStatusListSchema = z.object({ integrations: z.array(integrationStatusSchema) });

export const integrationCheckSchema = z.object({
  ok: z.boolean(),
  message: z.string().describe("What the check did and what came back, in English"),
  messageCode: codedMessageSchema.describe("The same as a code of integrationOutcomes with params, for the reader's language"),
  integration: integrationStatusSchema,
});
export type IntegrationCheck = z.infer<typeof integrationCheckSchema>;

/** GET /api/ai/insights, computed from stored records. Rates are 0–100 with one decimal, null when nothing to divide. */
export const aiInsightsSchema = z.object({
  acceptanceRate: z.number().nullable().describe("Approved AI fixes ÷ proposals made, in percent"),
  proposalsMade: z.number().int().describe("Technical issues holding an AI repair proposal (awaiting review, approved or rejected); reopening an issue replaces its proposal"),
  proposalsApproved: z.number().int().describe("Technical issues whose proposed fix was approved"),
  proposalsThisMonth: z.number().int().describe("Proposals made since the 1st of this month (UTC), by the proposal's own timestamp"),
  automationsEnabled: z.number().int(),
  automationRuns: z.number().int(),
  automationRunsFailed: z.number().int().describe("Runs whose outcome is failed (retries used up)"),
  automationRunsThisMonth: z.number().int(),
  tasksCreatedByAutomations: z.number().int().describe("Tasks made by an automation's create_task action, its workflow deleted or not"),
  revenueGenerated: moneyOutput.describe("Year-to-date revenue (KPI records) of the converted leads that came through an affiliate referral"),
  referralConversions: z.number().int().describe("Converted leads that came through an affiliate referral"),
});
export type AiInsights = z.infer<typeof aiInsightsSchema>;

/** GET /api/community/analytics, from feedback and NPS records. */
export const communityAnalyticsSchema = z.object({
  feedbackTotal: z.number().int(),
  feedbackThisMonth: z.number().int(),
  feedbackContributors: z.number().int().describe("Distinct emails that sent feedback"),
  feedbackByType: z.array(z.object({ type: z.string(), count: z.number().int() })),
  npsResponses: z.number().int(),
  npsScore: z.number().int().nullable().describe("% promoters (9–10) − % detractors (0–6); null without responses"),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
});
export type CommunityAnalytics = z.infer<typeof communityAnalyticsSchema>;

// Endpoints

const tags = ["Integrations & AI"];

export const integrationEndpoints = defineEndpoints("integrations", {
  status: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/integrations/status",
    reply: integrationStatusListSchema,
    errors: [401],
    tags,
    summary: "The four integrations with their status from saved settings and their last use",
  }),
  configure: defineEndpoint({
    method: "PUT",
    permission: "integrations.manage",
    path: "/integrations/:kind",
    params: integrationKindParamsSchema,
    body: integrationSettingsBodySchema,
    reply: integrationStatusSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Save an integration's settings (administrators); secrets are encrypted at rest and never returned",
    description:
      "The secret (Slack webhookUrl, Stripe secretKey, Google clientSecret) is required the first time and kept when left out. " +
      "New credentials (another secret, or another Google client id) are unproven: the last use and last error are forgotten and the card reads configured until the next successful use. " +
      "Zapier has no settings: it is configured by a webhook endpoint on zapier.com or an API key labelled Zapier (Settings).",
  }),
  disconnect: defineEndpoint({
    method: "DELETE",
    permission: "integrations.manage",
    path: "/integrations/:kind",
    params: integrationKindParamsSchema,
    reply: okSchema,
    errors: [403, 404],
    tags,
    summary: "Forget an integration's settings and secrets (administrators)",
  }),
  check: defineEndpoint({
    method: "POST",
    permission: "integrations.manage",
    path: "/integrations/:kind/test",
    params: integrationKindParamsSchema,
    reply: integrationCheckSchema,
    errors: [400, 403, 404, 429],
    tags,
    summary: "Use the integration once for real: Slack posts a test message, Stripe and Google are asked over HTTPS whether the settings work",
    description:
      "Slack: posts a test message to the webhook URL. Stripe: GET https://api.stripe.com/v1/balance with the secret key (reads, changes nothing). " +
      "Google Workspace: reads Google's OpenID discovery document, then exchanges a made-up authorization code so Google authenticates the client id and secret; " +
      "signing staff in with Google is single sign-on's job. The outcome is recorded (last use, or last error) and answered with ok false when the service refused or could not be reached: never a server error.",
  }),
  aiInsights: defineEndpoint({ method: "GET", permission: "crm.read", path: "/ai/insights", reply: aiInsightsSchema, errors: [401], tags, summary: "AI and automation figures from stored records" }),
  communityAnalytics: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/community/analytics",
    reply: communityAnalyticsSchema,
    errors: [401],
    tags,
    summary: "Community figures from feedback and NPS records",
  }),
});
