import { z } from "zod";
import type { IntegrationKind, IntegrationStatus, IntegrationStatusRow } from "@contract/integrations";
import { integrationOutcomes, readStoredMessage } from "@contract/server-messages";
import type { IntegrationRow, ZapierFacts } from "./integrations.data";

/**
 * The card's status from what is stored: nothing → available; saved but never used successfully, or used and failed
 * since → configured; last use succeeded → connected.
 */
export function statusOf(usage: { lastUsedAt: Date | null; lastErrorAt: Date | null } | undefined): IntegrationStatus {
  if (!usage) return "available";
  if (usage.lastUsedAt === null) return "configured";
  if (usage.lastErrorAt !== null && usage.lastErrorAt > usage.lastUsedAt) return "configured";
  return "connected";
}

const settingsSchema = z.record(z.string(), z.unknown());

/** The settings safe to show (secrets live in their own column and never reach here). */
export const storedSettings = (row: Pick<IntegrationRow, "settings">): Record<string, unknown> => settingsSchema.catch({}).parse(row.settings);

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The stored last error (a code written by encodeServerMessage, or English text stored before codes) as the API gives it. */
function lastErrorOf(stored: string | null): Pick<IntegrationStatusRow, "lastError" | "lastErrorCode"> {
  if (stored === null) return { lastError: null, lastErrorCode: null };
  const { text, coded } = readStoredMessage(integrationOutcomes, stored);
  return { lastError: text, lastErrorCode: coded };
}

export function toIntegrationStatus(kind: Exclude<IntegrationKind, "zapier">, row: IntegrationRow | undefined): IntegrationStatusRow {
  if (!row) {
    return {
      kind,
      status: "available",
      enabled: false,
      settings: {},
      secretHint: null,
      configuredAt: null,
      lastUsedAt: null,
      lastError: null,
      lastErrorCode: null,
      lastErrorAt: null,
    };
  }
  return {
    kind,
    status: statusOf(row),
    enabled: row.enabled,
    settings: storedSettings(row),
    secretHint: row.secretHint,
    configuredAt: iso(row.configuredAt),
    lastUsedAt: iso(row.lastUsedAt),
    ...lastErrorOf(row.lastError),
    lastErrorAt: iso(row.lastErrorAt),
  };
}

/** Zapier's card: configured by a Zapier webhook endpoint or API key, connected once Zapier has been reached. */
export function zapierStatus(facts: ZapierFacts): IntegrationStatusRow {
  const configured = facts.webhookCount + facts.apiKeyCount > 0;
  // Like the other cards, an error is shown only while it is the latest word (a success since clears it there).
  const errorIsLatest = facts.lastErrorAt !== null && (facts.lastUsedAt === null || facts.lastErrorAt > facts.lastUsedAt);
  return {
    kind: "zapier",
    status: configured ? statusOf(facts) : "available",
    enabled: configured && facts.anyEnabled,
    settings: {},
    secretHint: null,
    configuredAt: iso(facts.configuredAt),
    lastUsedAt: iso(facts.lastUsedAt),
    // A delivery's error is the receiver's or the network's own text: it has no code.
    lastError: errorIsLatest ? facts.lastError : null,
    lastErrorCode: null,
    lastErrorAt: errorIsLatest ? iso(facts.lastErrorAt) : null,
    zapier: { webhookCount: facts.webhookCount, apiKeyCount: facts.apiKeyCount },
  };
}
