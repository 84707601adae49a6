import type { TFunction } from "i18next";
import type { ApiKeyScope } from "@contract/api-keys";
import { userRoles } from "@contract/auth";
import { automationActions, type AutomationTrigger } from "@contract/automations";
import { domainEventNames } from "@contract/events";
import { DEFAULT_PIPELINE_STAGE, leadStatuses } from "@contract/leads";
import { stageOutcomes } from "@contract/pipeline";
import { taskRecurrences } from "@contract/tasks";
import { WEBHOOK_TEST_EVENT } from "@contract/webhooks";

/*
 * Labels of the built-in values the server names by identifier (event names, triggers, the default stage, roles, API
 * key scopes), in the reader's language. The identifiers stay what integrators use; screens show these labels and,
 * where an integrator needs it, the identifier beside them.
 */

/** Every event name a person may see: the domain events and the webhook test event. Each has `events.<name>`. */
export const shownEventNames = [...domainEventNames, WEBHOOK_TEST_EVENT] as const;
export type ShownEventName = (typeof shownEventNames)[number];

export const isShownEventName = (name: string): name is ShownEventName => (shownEventNames as readonly string[]).includes(name);

/** An event's label ("Lead created"); a name this client does not know (a newer server's) is shown as it is. */
export function eventLabel(t: TFunction, name: string): string {
  return isShownEventName(name) ? t(`events.${name}`) : name;
}

/** The triggers that are not event names themselves: the spec's two aliases. */
const TRIGGER_ALIAS_KEYS = { new_lead: "automation.triggers.new_lead", lead_updated: "automation.triggers.lead_updated" } as const;

/** A trigger's label: an alias by its own label, any other trigger by its event's. */
export function triggerLabel(t: TFunction, trigger: AutomationTrigger | string): string {
  if (trigger === "new_lead" || trigger === "lead_updated") return t(TRIGGER_ALIAS_KEYS[trigger]);
  return eventLabel(t, trigger);
}

/** Whether a stored stage name is the default stage (leads without a stage), in any letter case. */
export const isDefaultStage = (name: string) => name.toLowerCase() === DEFAULT_PIPELINE_STAGE.toLowerCase();

/** A stage's label: the default stage in the reader's language, any other by the name it was given. */
export function stageLabel(t: TFunction, name: string): string {
  return isDefaultStage(name) ? t("productivity.stages.defaultStage") : name;
}

/** An automation action's name ("Create task"); an unknown value as it is. */
export function automationActionName(t: TFunction, action: string): string {
  const known = automationActions.find((name) => name === action);
  return known ? t(`automation.actions.${known}`) : action;
}

/** A lead status's name ("Qualified"); an unknown value as it is. */
export function leadStatusName(t: TFunction, status: string): string {
  const known = leadStatuses.find((name) => name === status);
  return known ? t(`leadStatus.${known}`) : status;
}

/** A pipeline stage outcome's name ("Won"); an unknown value as it is. */
export function stageOutcomeName(t: TFunction, outcome: string): string {
  const known = stageOutcomes.find((name) => name === outcome);
  return known ? t(`productivity.outcome.${known}`) : outcome;
}

/** How often a task repeats ("Weekly"); an unknown value as it is. */
export function taskRecurrenceName(t: TFunction, recurrence: string): string {
  const known = taskRecurrences.find((name) => name === recurrence);
  return known ? t(`tasks.recurrence.${known}`) : recurrence;
}

/** A role's name ("Manager"); an unknown value as it is. */
export function roleName(t: TFunction, role: string): string {
  const known = userRoles.find((name) => name === role);
  return known ? t(`roleNames.${known}`) : role;
}

// i18next reads ':' as a namespace separator, so the scope names cannot be translation keys themselves.
export const API_KEY_SCOPE_KEYS = {
  "leads:write": "leadsWrite",
  read: "read",
  full: "full",
} as const satisfies Record<ApiKeyScope, string>;

/** An API key scope's label; an unknown value as it is. */
export function apiKeyScopeName(t: TFunction, scope: string): string {
  return Object.hasOwn(API_KEY_SCOPE_KEYS, scope) ? t(`settings.apiKeys.scopes.${API_KEY_SCOPE_KEYS[scope as ApiKeyScope]}`) : scope;
}
