import { z } from "zod";
import type { CurrentUser } from "@contract/auth";
import {
  automationConditionSchema,
  automationDefinitionSchema,
  automationRunOutcomes,
  type AutomationDefinition,
  type AutomationDefinitionInput,
  type AutomationRun,
  type AutomationWorkflow,
  type SavedAutomationWorkflow,
  type UpdateAutomationBody,
} from "@contract/automations";
import { ERROR_MESSAGES, type CodedError, type ErrorCode } from "@contract/error-codes";
import { parseErrorMessage } from "@contract/error-message";
import { automationRunErrors, readStoredMessage, type AuditMessage } from "@contract/server-messages";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { recordAudit } from "../../kernel/audit";
import { HttpError, badRequest, forbidden, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { addressPolicyOf, vetEndpointUrl } from "../../kernel/outbound/outbound-address";
import { encryptSecret, newSigningSecret, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { inTransaction } from "../../kernel/transaction";
import { deleteWorkflow, findWorkflow, insertWorkflow, latestRuns, listWorkflows, updateWorkflow, type WorkflowRow } from "./automations.data";

const storedConditions = z.array(automationConditionSchema).catch([]);
const storedConfig = z.record(z.string(), z.unknown()).catch({});

export function toWorkflow(row: WorkflowRow): AutomationWorkflow {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    conditions: storedConditions.parse(row.conditions),
    action: row.action,
    config: storedConfig.parse(row.config),
    enabled: row.enabled,
    hasSigningSecret: row.signingSecretEncrypted !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What saving a workflow needs besides the body: the database, the outbound rules, and whether the actor may send data out. */
export interface SaveDeps {
  db: Database;
  config: Pick<AppConfig, "webhooks">;
  /** The webhooks.manage permission: a call_webhook workflow sends event data to an outside address, like a webhook. */
  mayCallWebhooks: boolean;
}

/**
 * The checks a call_webhook definition needs before it is stored: the actor may send data out, and the URL is not
 * (and does not resolve to) a private address. Run outside any transaction: the DNS lookup may take seconds.
 */
async function vetWebhookCall(deps: SaveDeps, definition: AutomationDefinition): Promise<void> {
  if (definition.action !== "call_webhook") return;
  if (!deps.mayCallWebhooks) throw forbidden();
  if (!(await vetEndpointUrl(definition.config.url, addressPolicyOf(deps.config.webhooks)))) throw badRequest("config.url", "automation.private_address");
}

/** A new signing secret and its stored (encrypted) form. */
async function newWorkflowSecret(deps: SaveDeps): Promise<{ secret: string; encrypted: string }> {
  const secret = newSigningSecret();
  return { secret, encrypted: encryptSecret(await webhookEncryptionKey(deps.db, deps.config.webhooks), secret) };
}

const auditDetails = (row: WorkflowRow, definition: AutomationDefinition | undefined): AuditMessage =>
  definition?.action === "call_webhook"
    ? { code: "automation.calls_webhook", params: { name: row.name, trigger: row.trigger, url: definition.config.url } }
    : { code: "automation.named", params: { name: row.name } };

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_MESSAGES, code);

/** A 400 naming each field of the definition that broke its rule, with the rule's code. */
function invalidDefinition(error: z.ZodError): HttpError {
  const fields: Record<string, CodedError> = {};
  for (const issue of error.issues) {
    const parsed = parseErrorMessage(issue.message);
    const code = parsed && isErrorCode(parsed.code) ? parsed.code : "field.invalid";
    fields[issue.path.join(".") || "action"] ??= parsed?.params ? { code, params: parsed.params } : { code };
  }
  const [first] = Object.values(fields);
  return new HttpError(400, first?.code ?? "automation.invalid_config", { params: first?.params, fields });
}

export const automationList = async (db: Database): Promise<AutomationWorkflow[]> => (await listWorkflows(db)).map(toWorkflow);

/** Stores a workflow; a call_webhook one gets its signing secret (stored encrypted), answered this once. */
export async function createAutomation(deps: SaveDeps, actor: CurrentUser, body: AutomationDefinitionInput, meta: RequestMeta): Promise<SavedAutomationWorkflow> {
  const definition = automationDefinitionSchema.parse(body);
  await vetWebhookCall(deps, definition);
  const secret = definition.action === "call_webhook" ? await newWorkflowSecret(deps) : undefined;
  return inTransaction(deps.db, async (tx) => {
    const row = await insertWorkflow(tx, { ...definition, signingSecretEncrypted: secret?.encrypted ?? null, createdBy: actor.id });
    const message: AuditMessage =
      definition.action === "call_webhook" ? auditDetails(row, definition) : { code: "automation.created", params: { name: row.name, trigger: row.trigger, action: row.action } };
    await recordAudit(tx, { userEmail: actor.email, action: "automation.create", message, meta });
    return { ...toWorkflow(row), ...(secret ? { signingSecret: secret.secret } : {}) };
  });
}

/**
 * The switch alone, or an edit: the given fields over the stored ones, checked again as a whole definition. An edit
 * into call_webhook gives the workflow a signing secret if it has none, answered this once.
 */
export async function updateAutomation(deps: SaveDeps, actor: CurrentUser, id: number, body: UpdateAutomationBody, meta: RequestMeta): Promise<SavedAutomationWorkflow> {
  const { enabled, ...edit } = body;
  const edited = Object.values(edit).some((value) => value !== undefined);
  // Read and checked before the transaction: a call_webhook URL is vetted with a DNS lookup, which must not hold it open.
  const current = await findWorkflow(deps.db, id);
  if (!current) throw notFound("automation.not_found");
  let definition: AutomationDefinition | undefined;
  if (edited) {
    const merged = { ...toWorkflow(current), ...Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)) };
    const parsed = automationDefinitionSchema.safeParse(merged);
    if (!parsed.success) throw invalidDefinition(parsed.error);
    definition = parsed.data;
    await vetWebhookCall(deps, definition);
  }
  // Nothing to change: the workflow as it is, with no audit line for a write that did not happen.
  if (!edited && enabled === undefined) return toWorkflow(current);
  const secret = definition?.action === "call_webhook" && current.signingSecretEncrypted === null ? await newWorkflowSecret(deps) : undefined;
  return inTransaction(deps.db, async (tx) => {
    const row = await updateWorkflow(tx, id, {
      ...definition,
      ...(enabled === undefined ? {} : { enabled }),
      ...(secret ? { signingSecretEncrypted: secret.encrypted } : {}),
    });
    if (!row) throw notFound("automation.not_found");
    const action = edited ? "automation.update" : enabled ? "automation.enable" : "automation.disable";
    await recordAudit(tx, { userEmail: actor.email, action, message: auditDetails(row, definition), meta });
    return { ...toWorkflow(row), ...(secret ? { signingSecret: secret.secret } : {}) };
  });
}

export async function removeAutomation(db: Database, actor: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await findWorkflow(tx, id);
    if (!current || !(await deleteWorkflow(tx, id))) throw notFound("automation.not_found");
    await recordAudit(tx, { userEmail: actor.email, action: "automation.delete", message: { code: "automation.named", params: { name: current.name } }, meta });
  });
}

/** A run's stored error (a code written by encodeServerMessage, or a failure's own text) as the API gives it. */
function runError(stored: string | null): Pick<AutomationRun, "error" | "errorCode"> {
  if (stored === null) return { error: null, errorCode: null };
  const { text, coded } = readStoredMessage(automationRunErrors, stored);
  return { error: text, errorCode: coded };
}

export async function automationRuns(db: Database, id: number): Promise<AutomationRun[]> {
  if (!(await findWorkflow(db, id))) throw notFound("automation.not_found");
  const rows = await latestRuns(db, id);
  return rows.map((row) => ({
    id: row.id,
    eventName: row.eventName,
    outcome: z.enum(automationRunOutcomes).parse(row.outcome),
    ...runError(row.error),
    attempts: row.attempts,
    durationMs: row.durationMs,
    at: row.createdAt.toISOString(),
  }));
}
