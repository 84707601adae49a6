import { z } from "zod";
import type { CurrentUser } from "@contract/auth";
import {
  automationConditionSchema,
  automationDefinitionSchema,
  type AutomationDefinitionInput,
  type AutomationRun,
  type AutomationWorkflow,
  type UpdateAutomationBody,
} from "@contract/automations";
import { ERROR_MESSAGES, type CodedError, type ErrorCode } from "@contract/error-codes";
import { parseErrorMessage } from "@contract/error-message";
import type { Database } from "../../db/client";
import { recordAudit } from "../../kernel/audit";
import { HttpError, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
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
    createdAt: row.createdAt.toISOString(),
  };
}

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

export async function createAutomation(db: Database, actor: CurrentUser, body: AutomationDefinitionInput, meta: RequestMeta): Promise<AutomationWorkflow> {
  const definition = automationDefinitionSchema.parse(body);
  return inTransaction(db, async (tx) => {
    const row = await insertWorkflow(tx, { ...definition, createdBy: actor.id });
    await recordAudit(tx, { userEmail: actor.email, action: "automation.create", details: `Automation "${row.name}" (${row.trigger} → ${row.action})`, meta });
    return toWorkflow(row);
  });
}

/** The switch alone, or an edit: the given fields over the stored ones, checked again as a whole definition. */
export async function updateAutomation(db: Database, actor: CurrentUser, id: number, body: UpdateAutomationBody, meta: RequestMeta): Promise<AutomationWorkflow> {
  return inTransaction(db, async (tx) => {
    const current = await findWorkflow(tx, id);
    if (!current) throw notFound("automation.not_found");
    const { enabled, ...edit } = body;
    const edited = Object.values(edit).some((value) => value !== undefined);
    let definition = {};
    if (edited) {
      const merged = { ...toWorkflow(current), ...Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)) };
      const parsed = automationDefinitionSchema.safeParse(merged);
      if (!parsed.success) throw invalidDefinition(parsed.error);
      definition = parsed.data;
    }
    const row = await updateWorkflow(tx, id, { ...definition, ...(enabled === undefined ? {} : { enabled }) });
    if (!row) throw notFound("automation.not_found");
    const action = edited ? "automation.update" : enabled ? "automation.enable" : "automation.disable";
    await recordAudit(tx, { userEmail: actor.email, action, details: `Automation "${row.name}"`, meta });
    return toWorkflow(row);
  });
}

export async function removeAutomation(db: Database, actor: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await findWorkflow(tx, id);
    if (!current || !(await deleteWorkflow(tx, id))) throw notFound("automation.not_found");
    await recordAudit(tx, { userEmail: actor.email, action: "automation.delete", details: `Automation "${current.name}"`, meta });
  });
}

export async function automationRuns(db: Database, id: number): Promise<AutomationRun[]> {
  if (!(await findWorkflow(db, id))) throw notFound("automation.not_found");
  const rows = await latestRuns(db, id);
  return rows.map((row) => ({
    id: row.id,
    eventName: row.eventName,
    outcome: z.enum(["success", "failed", "loop_stopped"]).parse(row.outcome),
    error: row.error,
    attempts: row.attempts,
    durationMs: row.durationMs,
    at: row.createdAt.toISOString(),
  }));
}
