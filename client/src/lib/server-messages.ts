import type { TFunction } from "i18next";
import {
  decodeServerMessage,
  serverMessageCatalogues,
  type MessageDeclaration,
  type MessageParamKind,
  type MessageParams,
} from "@contract/server-messages";
import { ALL_WEBHOOK_EVENTS } from "@contract/webhooks";
import { formatDateTime, formatDay, formatNumber, formatUsd } from "./format";
import {
  apiKeyScopeName,
  automationActionName,
  eventLabel,
  leadStatusName,
  roleName,
  stageLabel,
  stageOutcomeName,
  taskRecurrenceName,
  triggerLabel,
} from "./labels";

export type ServerMessageCatalogue = keyof typeof serverMessageCatalogues;

/** Where each catalogue's translations live: `<prefix>.<code>` in both locale files. */
export const SERVER_MESSAGE_KEY_PREFIXES = {
  notifications: "notifications.messages",
  repairFailures: "issues.failures",
  webhookDisableReasons: "settings.webhooks.disableReasons",
  automationRunErrors: "automation.runs.errors",
  integrationOutcomes: "integrations.outcomes",
  audit: "security.audit.messages",
} as const satisfies Record<ServerMessageCatalogue, string>;

/** One param as the reader reads it, by the kind its declaration gives (never guessed from the value). */
function formatParam(t: TFunction, language: string, kind: MessageParamKind, value: string | number | undefined): string {
  if (value === undefined) return "";
  const text = String(value);
  switch (kind) {
    case "text":
    case "id":
      return text;
    case "number":
      return typeof value === "number" ? formatNumber(value, language) : text;
    case "money":
      return formatUsd(value, language);
    case "date":
      return formatDay(text, language);
    case "dateTime":
      return formatDateTime(text, language) || text;
    case "role":
      return roleName(t, text);
    case "stage":
      return stageLabel(t, text);
    case "apiKeyScope":
      return apiKeyScopeName(t, text);
    case "switch":
      return text === "enabled" ? t("common.switch.enabled") : text === "disabled" ? t("common.switch.disabled") : text;
    case "trigger":
      return triggerLabel(t, text);
    case "automationAction":
      return automationActionName(t, text);
    case "leadStatus":
      return leadStatusName(t, text);
    case "stageOutcome":
      return stageOutcomeName(t, text);
    case "taskRecurrence":
      return taskRecurrenceName(t, text);
    case "recordFamily":
      return t(`records.families.${text}` as "records.families.risk", { defaultValue: text });
    case "webhookEvent":
      return text === ALL_WEBHOOK_EVENTS ? t("settings.webhooks.allEvents") : eventLabel(t, text);
    case "repairFailure":
      return nestedLine(t, language, "repairFailures", text);
    case "automationRunError":
      return nestedLine(t, language, "automationRunErrors", text);
    case "integrationOutcome":
      return nestedLine(t, language, "integrationOutcomes", text);
  }
}

/** A param holding another catalogue's line (encodeServerMessage), or plain text where the server had no code. */
function nestedLine(t: TFunction, language: string, catalogue: ServerMessageCatalogue, value: string): string {
  const nested = decodeServerMessage(value);
  return nested ? storedLine(t, language, catalogue, { ...nested, text: value }) : value;
}

/**
 * A coded line of one of the server's catalogues in the reader's language, its params formatted for it; undefined for
 * a code this client does not know (the caller then shows the server's English).
 */
export function renderServerMessage(t: TFunction, language: string, catalogue: ServerMessageCatalogue, code: string, params: MessageParams | null): string | undefined {
  const declarations: Record<string, MessageDeclaration> = serverMessageCatalogues[catalogue];
  if (!Object.hasOwn(declarations, code)) return undefined;
  const declaration = declarations[code]!;
  const values = Object.fromEntries(Object.entries(declaration.params).map(([name, kind]) => [name, formatParam(t, language, kind, params?.[name])]));
  // The keys are built from the catalogues (so not typed as literals), which t takes with a default: the key itself,
  // what i18next answers for a missing key anyway. The locale test checks each key in both languages.
  const key = `${SERVER_MESSAGE_KEY_PREFIXES[catalogue]}.${code}`;
  return t(key, { ...values, defaultValue: key });
}

/** A stored line: rendered from its code when it has one this client knows, else the server's text as it was stored. */
export function storedLine(t: TFunction, language: string, catalogue: ServerMessageCatalogue, line: { code?: string | null; params?: MessageParams | null; text: string }): string {
  return line.code ? (renderServerMessage(t, language, catalogue, line.code, line.params ?? null) ?? line.text) : line.text;
}
