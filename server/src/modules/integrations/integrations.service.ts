import type { z } from "zod";
import type { CurrentUser } from "@contract/auth";
import {
  integrationKinds,
  type IntegrationCheck,
  type IntegrationKind,
  type IntegrationStatusRow,
  type integrationSettingsBodySchema,
} from "@contract/integrations";
import type { AppContext } from "../../kernel/app-context";
import { recordAudit } from "../../kernel/audit";
import { badRequest, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { decryptSecret, encryptSecret, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { inTransaction } from "../../kernel/transaction";
import type { Database } from "../../db/client";
import { storedSettings, toIntegrationStatus, zapierStatus } from "./integration-status";
import {
  deleteIntegration,
  findIntegration,
  listIntegrationRows,
  recordIntegrationError,
  recordIntegrationSuccess,
  saveIntegration,
  zapierFacts,
  type IntegrationRow,
  type StoredIntegrationKind,
} from "./integrations.data";
import { checkGoogle, checkStripe, outcome, postToSlack, type OutboundOutcome } from "./integrations.outbound";

type Deps = Pick<AppContext, "db" | "config">;
type SettingsBody = z.output<typeof integrationSettingsBodySchema>;

const NAMES: Record<IntegrationKind, string> = { zapier: "Zapier", slack: "Slack", stripe: "Stripe", google_workspace: "Google Workspace" };

export async function integrationStatusList(db: Database): Promise<{ integrations: IntegrationStatusRow[] }> {
  const [rows, zapier] = [await listIntegrationRows(db), await zapierFacts(db)];
  return {
    integrations: integrationKinds.map((kind) =>
      kind === "zapier" ? zapierStatus(zapier) : toIntegrationStatus(kind, rows.find((row) => row.kind === kind)),
    ),
  };
}

/** The stored secret in clear, or null when it can no longer be read (the encryption key was changed since). */
export function readSecret(key: Buffer, stored: string | null): string | null {
  if (stored === null) return null;
  try {
    return decryptSecret(key, stored);
  } catch {
    return null;
  }
}

/** The body's secret, the field that carries it, and the settings stored beside it (everything else it says). */
function splitBody(body: SettingsBody): { secretField: string; secret: string | undefined; settings: Record<string, unknown> } {
  switch (body.kind) {
    case "slack":
      return { secretField: "webhookUrl", secret: body.webhookUrl, settings: { channelLabel: body.channelLabel, events: body.events } };
    case "stripe":
      return { secretField: "secretKey", secret: body.secretKey, settings: { publishableKey: body.publishableKey } };
    case "google_workspace":
      return { secretField: "clientSecret", secret: body.clientSecret, settings: { domain: body.domain, clientId: body.clientId } };
  }
}

/** The secret's last 4 characters (a Slack URL's end, a key's end): enough to tell two apart, too little to use. */
const hintOf = (secret: string) => secret.slice(-4);

/**
 * Saves an integration's settings. The secret is required the first time and kept when left out later. New
 * credentials (another secret, or another Google client id) are not yet proven, so the card goes back to
 * "configured" (last use and last error forgotten) until they are used; changing only what is posted or shown
 * (Slack's events, the channel label, the publishable key, the domain, the switch) keeps the record of the last use.
 */
export async function configureIntegration(
  deps: Deps,
  actor: CurrentUser,
  pathKind: IntegrationKind,
  body: SettingsBody,
  meta: RequestMeta,
): Promise<IntegrationStatusRow> {
  if (pathKind === "zapier") throw badRequest("kind", "integration.not_configurable");
  if (body.kind !== pathKind) throw badRequest("kind", "field.invalid_option", { options: pathKind });
  const kind: StoredIntegrationKind = body.kind;
  const { secretField, secret, settings } = splitBody(body);
  const key = await webhookEncryptionKey(deps.db, deps.config.webhooks);
  return inTransaction(deps.db, async (tx) => {
    const existing = await findIntegration(tx, kind);
    const storedSecret = existing ? readSecret(key, existing.secretEncrypted) : null;
    const newSecret = secret ?? storedSecret;
    if (newSecret === null) throw badRequest(secretField, "integration.secret_required");
    const clientIdChanged = kind === "google_workspace" && existing !== undefined && storedSettings(existing).clientId !== settings.clientId;
    const saved = await saveIntegration(tx, {
      kind,
      settings,
      secretEncrypted: encryptSecret(key, newSecret),
      secretHint: hintOf(newSecret),
      enabled: body.enabled,
      configuredBy: actor.id,
      forgetUsage: newSecret !== storedSecret || clientIdChanged,
    });
    const savedCode = secret === undefined ? "integration.saved_secret_kept" : existing ? "integration.saved_secret_replaced" : "integration.saved_secret_stored";
    await recordAudit(tx, {
      userEmail: actor.email,
      action: existing ? "integration.update" : "integration.configure",
      message: { code: savedCode, params: { integration: NAMES[kind], state: body.enabled ? "enabled" : "disabled" } },
      meta,
    });
    return toIntegrationStatus(kind, saved);
  });
}

export async function disconnectIntegration(db: Database, actor: CurrentUser, kind: IntegrationKind, meta: RequestMeta): Promise<void> {
  if (kind === "zapier") throw notFound("integration.not_configured");
  await inTransaction(db, async (tx) => {
    const removed = await deleteIntegration(tx, kind);
    if (!removed) throw notFound("integration.not_configured");
    await recordAudit(tx, { userEmail: actor.email, action: "integration.disconnect", message: { code: "integration.disconnected", params: { integration: NAMES[kind] } }, meta });
  });
}

const UNREADABLE_SECRET: OutboundOutcome = outcome(false, { code: "integration.secret_unreadable", params: {} }, false);

function slackTestText(row: IntegrationRow): string {
  const events = storedSettings(row).events;
  const list = Array.isArray(events) ? events.filter((event) => typeof event === "string").join(", ") : "";
  return `Leadwell test message: this channel is connected${list ? ` and will receive ${list}` : ""}.`;
}

/** Uses the integration once for real with its stored settings. */
async function tryOnce(deps: Deps, row: IntegrationRow, secret: string): Promise<OutboundOutcome> {
  switch (row.kind) {
    case "slack":
      return postToSlack(deps.config, secret, slackTestText(row));
    case "stripe":
      return checkStripe(secret);
    default: {
      const clientId = storedSettings(row).clientId;
      return checkGoogle(typeof clientId === "string" ? clientId : "", secret);
    }
  }
}

/**
 * The card's Test button: Slack posts a test message, Stripe and Google are asked whether the settings work. The
 * outcome is recorded (last use or last error) and answered; a service that cannot be reached is an outcome, not a
 * server error.
 */
export async function checkIntegration(deps: Deps, kind: IntegrationKind): Promise<IntegrationCheck> {
  if (kind === "zapier") throw badRequest("kind", "integration.not_configurable");
  const row = await findIntegration(deps.db, kind);
  if (!row) throw badRequest("kind", "integration.not_configured");
  const secret = readSecret(await webhookEncryptionKey(deps.db, deps.config.webhooks), row.secretEncrypted);
  const result = secret === null ? UNREADABLE_SECRET : await tryOnce(deps, row, secret);
  const recorded = result.ok ? await recordIntegrationSuccess(deps.db, kind) : await recordIntegrationError(deps.db, kind, result.line);
  return { ok: result.ok, message: result.message, messageCode: result.line, integration: toIntegrationStatus(kind, recorded ?? row) };
}
