import { eq, sql } from "drizzle-orm";
import { encodeServerMessage, englishText, integrationOutcomes, type IntegrationOutcome } from "@contract/server-messages";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { apiKeys, integrations, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema";

export type IntegrationRow = typeof integrations.$inferSelect;
/** The kinds that keep a row: Zapier has none (it is derived from webhooks and API keys). */
export type StoredIntegrationKind = "slack" | "stripe" | "google_workspace";

export const listIntegrationRows = (db: Database): Promise<IntegrationRow[]> => db.select().from(integrations);

export async function findIntegration(db: Database, kind: StoredIntegrationKind): Promise<IntegrationRow | undefined> {
  const [row] = await db.select().from(integrations).where(eq(integrations.kind, kind));
  return row;
}

export interface IntegrationValues {
  kind: StoredIntegrationKind;
  settings: Record<string, unknown>;
  secretEncrypted: string;
  secretHint: string;
  enabled: boolean;
  configuredBy: number;
  /** The new settings are not yet proven: the last use (and its error) belonged to the old ones. */
  forgetUsage: boolean;
}

/** Inserts or replaces an integration's settings; `configured_at` moves to now. */
export async function saveIntegration(db: Database, values: IntegrationValues): Promise<IntegrationRow> {
  const { forgetUsage, ...row } = values;
  const usage = forgetUsage ? { lastUsedAt: null, lastError: null, lastErrorAt: null } : {};
  const [saved] = await db
    .insert(integrations)
    .values({ ...row, configuredAt: sql`now()` })
    .onConflictDoUpdate({
      target: integrations.kind,
      set: {
        settings: row.settings,
        secretEncrypted: row.secretEncrypted,
        secretHint: row.secretHint,
        enabled: row.enabled,
        configuredBy: row.configuredBy,
        configuredAt: sql`now()`,
        ...usage,
      },
    })
    .returning();
  return saved!;
}

export async function deleteIntegration(db: Database, kind: StoredIntegrationKind): Promise<IntegrationRow | undefined> {
  const [row] = await db.delete(integrations).where(eq(integrations.kind, kind)).returning();
  return row;
}

/** A use that worked: the card reads "connected", with no error, until one comes later. */
export async function recordIntegrationSuccess(db: Database, kind: StoredIntegrationKind): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .update(integrations)
    .set({ lastUsedAt: sql`now()`, lastError: null, lastErrorAt: null })
    .where(eq(integrations.kind, kind))
    .returning();
  return row;
}

const ERROR_TEXT_LIMIT = 1000;

/** Records what went wrong, as a code (encodeServerMessage) the card renders in the reader's language. */
export async function recordIntegrationError(db: Database, kind: StoredIntegrationKind, error: IntegrationOutcome): Promise<IntegrationRow | undefined> {
  const coded = encodeServerMessage(error);
  // A code too long to store whole (a long answer quoted) is stored as its English, cut.
  const stored = coded.length <= ERROR_TEXT_LIMIT ? coded : englishText(integrationOutcomes[error.code], error.params).slice(0, ERROR_TEXT_LIMIT);
  const [row] = await db
    .update(integrations)
    .set({ lastError: stored, lastErrorAt: sql`now()` })
    .where(eq(integrations.kind, kind))
    .returning();
  return row;
}

/** What Zapier's card is made of: the webhook endpoints and API keys that point at or were made for Zapier. */
export interface ZapierFacts {
  webhookCount: number;
  apiKeyCount: number;
  anyEnabled: boolean;
  configuredAt: Date | null;
  lastUsedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/**
 * Zapier's facts in one statement. An endpoint is Zapier's when its URL's host is zapier.com or under it
 * (hooks.zapier.com); a key is when its label says "zapier". Its last use is the later of the last delivery a Zapier
 * endpoint accepted (a 2xx attempt) and the last request made with a Zapier key; its last error the latest attempt a
 * Zapier endpoint refused or never answered.
 */
export async function zapierFacts(db: Database): Promise<ZapierFacts> {
  const host = sql`lower(substring(${webhookEndpoints.url} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)'))`;
  const zapierEndpoints = sql`SELECT ${webhookEndpoints.id} AS id, ${webhookEndpoints.enabled} AS enabled, ${webhookEndpoints.createdAt} AS created_at
    FROM ${webhookEndpoints} WHERE ${host} = 'zapier.com' OR ${host} LIKE '%.zapier.com'`;
  const zapierKeys = sql`SELECT ${apiKeys.createdAt} AS created_at, ${apiKeys.lastUsed} AS last_used FROM ${apiKeys} WHERE ${apiKeys.label} ILIKE '%zapier%'`;
  const attempts = sql`SELECT ${webhookAttempts.at} AS at, ${webhookAttempts.statusCode} AS status_code, ${webhookAttempts.error} AS error
    FROM ${webhookAttempts}
    JOIN ${webhookDeliveries} ON ${webhookDeliveries.id} = ${webhookAttempts.deliveryId}
    WHERE ${webhookDeliveries.endpointId} IN (SELECT id FROM endpoints)`;
  const [row] = await rawRows<{
    webhook_count: number;
    api_key_count: number;
    any_enabled: boolean;
    configured_at: Date | string | null;
    last_delivered_at: Date | string | null;
    last_key_use_at: Date | string | null;
    last_error: string | null;
    last_error_at: Date | string | null;
  }>(
    db,
    sql`WITH endpoints AS (${zapierEndpoints}), zapier_keys AS (${zapierKeys}), attempts AS (${attempts}),
      last_failure AS (SELECT at, coalesce(error, 'HTTP ' || status_code) AS error FROM attempts
                       WHERE status_code IS NULL OR status_code NOT BETWEEN 200 AND 299 ORDER BY at DESC LIMIT 1)
    SELECT
      (SELECT count(*)::int FROM endpoints) AS webhook_count,
      (SELECT count(*)::int FROM zapier_keys) AS api_key_count,
      (SELECT count(*) > 0 FROM endpoints WHERE enabled) OR (SELECT count(*) > 0 FROM zapier_keys) AS any_enabled,
      least((SELECT min(created_at) FROM endpoints), (SELECT min(created_at) FROM zapier_keys)) AS configured_at,
      (SELECT max(at) FROM attempts WHERE status_code BETWEEN 200 AND 299) AS last_delivered_at,
      (SELECT max(last_used) FROM zapier_keys) AS last_key_use_at,
      (SELECT error FROM last_failure) AS last_error,
      (SELECT at FROM last_failure) AS last_error_at`,
  );
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  const lastDelivered = date(row!.last_delivered_at);
  const lastKeyUse = date(row!.last_key_use_at);
  return {
    webhookCount: Number(row!.webhook_count),
    apiKeyCount: Number(row!.api_key_count),
    anyEnabled: Boolean(row!.any_enabled),
    configuredAt: date(row!.configured_at),
    lastUsedAt: [lastDelivered, lastKeyUse].reduce<Date | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null),
    lastError: row!.last_error,
    lastErrorAt: date(row!.last_error_at),
  };
}
