import { z } from "zod";
import { errorMessage } from "@contract/error-message";
import { domainEventNames, type DomainEventName } from "@contract/events";
import {
  googleWorkspaceSettingsBodySchema,
  slackSettingsBodySchema,
  stripeSettingsBodySchema,
  type IntegrationStatusRow,
} from "@contract/integrations";

/** The integrations configured through a form; Zapier is set up in Settings (its card explains how). */
export const formKinds = ["slack", "stripe", "google_workspace"] as const;
export type FormKind = (typeof formKinds)[number];

export const isFormKind = (kind: string): kind is FormKind => (formKinds as readonly string[]).includes(kind);

/**
 * A secret's input: left empty, the saved secret is kept (the body leaves it out), which is allowed only once one is
 * saved; typed in, it must pass the contract's own rule for that secret.
 */
function secretInput(rule: z.ZodType<string | undefined>, hasSavedSecret: boolean) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const typed = value.trim();
      if (typed === "") {
        if (!hasSavedSecret) ctx.addIssue({ code: "custom", message: errorMessage("integration.secret_required") });
        return;
      }
      const checked = rule.safeParse(typed);
      if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? errorMessage("field.invalid") });
    })
    .transform((value) => value.trim() || undefined);
}

/** The contract's bodies, with each secret read as "empty keeps the saved one". */
export const slackFormSchema = (hasSavedSecret: boolean) =>
  slackSettingsBodySchema.extend({ webhookUrl: secretInput(slackSettingsBodySchema.shape.webhookUrl, hasSavedSecret) });
export const stripeFormSchema = (hasSavedSecret: boolean) =>
  stripeSettingsBodySchema.extend({ secretKey: secretInput(stripeSettingsBodySchema.shape.secretKey, hasSavedSecret) });
export const googleFormSchema = (hasSavedSecret: boolean) =>
  googleWorkspaceSettingsBodySchema.extend({
    // The contract's rule, but an empty field reads "required" rather than "at least 1 character".
    clientId: z.string().trim().min(1, errorMessage("field.required")).max(255),
    clientSecret: secretInput(googleWorkspaceSettingsBodySchema.shape.clientSecret, hasSavedSecret),
  });

export type SlackFormInput = z.input<ReturnType<typeof slackFormSchema>>;
export type StripeFormInput = z.input<ReturnType<typeof stripeFormSchema>>;
export type GoogleFormInput = z.input<ReturnType<typeof googleFormSchema>>;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const isEventName = (value: unknown): value is DomainEventName => typeof value === "string" && (domainEventNames as readonly string[]).includes(value);

/** A new Slack connection starts with the events a sales channel usually wants. */
export const DEFAULT_SLACK_EVENTS: DomainEventName[] = ["lead.created", "lead.converted"];

/** The form as saved: the non-secret settings the status row carries, and every secret input empty. */
export function slackDefaults(row: IntegrationStatusRow | undefined): SlackFormInput {
  const saved = Array.isArray(row?.settings.events) ? row.settings.events.filter(isEventName) : [];
  return {
    kind: "slack",
    webhookUrl: "",
    channelLabel: text(row?.settings.channelLabel),
    events: row && row.status !== "available" ? saved : DEFAULT_SLACK_EVENTS,
    enabled: row && row.status !== "available" ? row.enabled : true,
  };
}

export function stripeDefaults(row: IntegrationStatusRow | undefined): StripeFormInput {
  return {
    kind: "stripe",
    secretKey: "",
    publishableKey: text(row?.settings.publishableKey),
    enabled: row && row.status !== "available" ? row.enabled : true,
  };
}

export function googleDefaults(row: IntegrationStatusRow | undefined): GoogleFormInput {
  return {
    kind: "google_workspace",
    domain: text(row?.settings.domain),
    clientId: text(row?.settings.clientId),
    clientSecret: "",
    enabled: row && row.status !== "available" ? row.enabled : true,
  };
}
