import { withTransactionActor } from "../../kernel/actor-context";
import { z } from "zod";
import type { DomainEvent } from "@contract/events";
import { automationRunErrors, encodeServerMessage, englishText, type AutomationRunError } from "@contract/server-messages";
import { leadStatusSchema } from "@contract/leads";
import {
  MAX_AUTOMATION_DEPTH,
  automationDefinitionSchema,
  triggerAliases,
  type AutomationCondition,
  type AutomationDefinition,
  type AutomationWebhookBody,
} from "@contract/automations";
import type { Database } from "../../db/client";
import { emitEvent, type CausedBy, type EventContext } from "../../kernel/events";
import { loggableError } from "../../kernel/http/error-log";
import { enqueueMail } from "../../kernel/mail";
import { notify } from "../../kernel/notify";
import { asText, fillPlaceholders, valueAt } from "../../lib/placeholders";
import { enabledWorkflowsFor, findLead, insertRun, insertTask, updateLeadFields, userByEmail, userEmailById, type WorkflowRow } from "./automations.data";
import { callWebhookJob } from "./automations.jobs";
import { toWorkflow } from "./automations.service";
import { CALL_JOB_OPTIONS } from "./automations.webhook-call";

/** Attempts per action, and the pause before each retry (backoff): a run that still fails is marked failed. */
export const RETRY_DELAYS_MS = [100, 400];

const ERROR_TEXT_LIMIT = 1000;

type Scope = Record<string, unknown>;

/**
 * An action failed for a reason the run log states as a code (the reader's language); its message is the English.
 * Anything else thrown (a database or network error) is logged as its text.
 */
class RunError extends Error {
  constructor(readonly failure: AutomationRunError) {
    super(englishText(automationRunErrors[failure.code], failure.params));
  }
}

/** Whether one condition holds; text comparisons ignore case. */
function holds(condition: AutomationCondition, scope: Scope): boolean {
  const actual = valueAt(scope, condition.field);
  const wanted = condition.value.trim().toLowerCase();
  const values = Array.isArray(actual) ? actual.map((item) => asText(item).toLowerCase()) : [asText(actual).toLowerCase()];
  switch (condition.operator) {
    case "equals":
      return values.includes(wanted);
    case "in":
      return wanted.split(",").some((option) => values.includes(option.trim()));
    case "contains":
      return values.some((value) => value.includes(wanted));
    case "greater_than": {
      const number = Number(actual);
      return actual !== null && actual !== "" && Number.isFinite(number) && number > Number(condition.value);
    }
  }
}

/** Runs one action; a failure throws, to be retried. */
async function runAction(db: Database, context: EventContext, definition: AutomationDefinition, scope: Scope, causedBy: CausedBy, leadId: number | null): Promise<void> {
  switch (definition.action) {
    case "send_email": {
      const { config } = definition;
      const to = fillPlaceholders(config.to, scope).trim();
      if (!z.email().safeParse(to).success) throw new RunError({ code: "automation.not_an_email", params: { address: to } });
      // Queued with the run's transaction: the mail job sends it (and retries SMTP) once the run committed.
      await enqueueMail(context, { to, subject: fillPlaceholders(config.subject, scope), text: fillPlaceholders(config.body, scope) }, db);
      return;
    }
    case "create_task": {
      const { config } = definition;
      const assignee = config.assigneeEmail ? await userByEmail(db, config.assigneeEmail) : undefined;
      if (config.assigneeEmail && !assignee) throw new RunError({ code: "automation.no_such_staff", params: { email: config.assigneeEmail } });
      const task = await insertTask(db, {
        title: fillPlaceholders(config.title, scope).slice(0, 200),
        priority: config.priority,
        dueInDays: config.dueInDays,
        assigneeId: assignee?.id ?? null,
        leadId,
        automationId: causedBy.automationId,
      });
      await emitEvent(db, "task.created", { taskId: task.id, title: task.title, assigneeId: assignee?.id ?? null, createdBy: null }, causedBy);
      return;
    }
    case "notify": {
      const { config } = definition;
      await notify(db, [config.userEmail], {
        type: "automation",
        code: "automation.message",
        params: { automation: definition.name, message: fillPlaceholders(config.message, scope) },
        link: "/automation",
      });
      return;
    }
    case "update_lead": {
      if (leadId === null) throw new RunError({ code: "automation.not_about_a_lead", params: {} });
      const changed = await updateLeadFields(db, leadId, definition.config);
      if (!changed) throw new RunError({ code: "automation.lead_gone", params: { leadId } });
      const { before, after } = changed;
      const changedFields = (["status", "priority", "pipelineStage", "tags"] as const).filter((field) => asText(before[field]) !== asText(after[field]));
      if (changedFields.length === 0) return;
      await emitEvent(db, "lead.updated", { leadId, businessName: after.businessName, status: leadStatusSchema.parse(after.status), changedFields }, causedBy);
      if (changedFields.includes("pipelineStage")) {
        await emitEvent(
          db,
          "lead.stage_changed",
          { leadId, businessName: after.businessName, fromStage: before.pipelineStage, toStage: after.pipelineStage, assignedTo: after.assignedTo, movedBy: null },
          causedBy,
        );
      }
      return;
    }
    case "call_webhook":
      // Never run here: runWorkflow hands it to a job (see queueWebhookCall).
      throw new Error("call_webhook is made by the automations.call-webhook job");
  }
}

/**
 * Logs the run as pending and queues the job that makes the call, both in the dispatch's transaction. The request is
 * never made inside it: on PGlite the transaction holds the only connection, and a receiver may take 15 s to answer.
 */
async function queueWebhookCall(context: EventContext, row: WorkflowRow, event: DomainEvent, leadId: number | null): Promise<void> {
  const body: AutomationWebhookBody = {
    type: event.name,
    timestamp: event.occurredAt.toISOString(),
    data: { eventId: event.id, ...event.payload },
    automation: { id: row.id, name: row.name },
  };
  await context.db.transaction(async (tx) => {
    const runId = await insertRun(tx, { workflowId: row.id, eventId: event.id, eventName: event.name, outcome: "pending", error: null, attempts: 0, durationMs: 0, leadId });
    await context.jobs.send(callWebhookJob, { runId, attempt: 1, body: JSON.stringify(body) }, CALL_JOB_OPTIONS, tx);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One workflow for one event: conditions, loop guard, the action with retries, and its line in the run log. */
async function runWorkflow(context: EventContext, row: WorkflowRow, event: DomainEvent, scope: Scope, leadId: number | null): Promise<void> {
  const parsed = automationDefinitionSchema.safeParse(toWorkflow(row));
  const depth = context.causedBy?.depth ?? 0;
  const started = Date.now();
  const record = async (outcome: "success" | "failed" | "loop_stopped", error: string | null, attempts: number) => {
    await insertRun(context.db, { workflowId: row.id, eventId: event.id, eventName: event.name, outcome, error, attempts, durationMs: Date.now() - started, leadId });
  };
  if (!parsed.success) return record("failed", encodeServerMessage({ code: "automation.definition_invalid", params: {} }), 0);
  if (!parsed.data.conditions.every((condition) => holds(condition, scope))) return;
  if (depth >= MAX_AUTOMATION_DEPTH) {
    return record("loop_stopped", encodeServerMessage({ code: "automation.too_deep", params: { depth, limit: MAX_AUTOMATION_DEPTH } }), 0);
  }
  if (parsed.data.action === "call_webhook") return queueWebhookCall(context, row, event, leadId);
  const causedBy = { automationId: row.id, depth: depth + 1 };
  let lastError = "";
  for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt++) {
    try {
      // A savepoint per attempt: a failed attempt leaves nothing half done.
      // The lead's timeline names the automation as the one who changed it.
      const actor = { kind: "automation", workflowId: row.id, name: row.name } as const;
      await context.db.transaction((tx) => withTransactionActor(tx, actor, () => runAction(tx, context, parsed.data, scope, causedBy, leadId)));
      return record("success", null, attempt);
    } catch (error) {
      lastError = error instanceof RunError ? encodeServerMessage(error.failure) : loggableError(error).message.slice(0, ERROR_TEXT_LIMIT);
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay !== undefined) await pause(delay);
    }
  }
  await record("failed", lastError, RETRY_DELAYS_MS.length + 1);
  const owner = row.createdBy === null ? undefined : await userEmailById(context.db, row.createdBy);
  if (owner) await notify(context.db, [owner], { type: "automation", code: "automation.failed", params: { automation: row.name, error: lastError }, link: "/automation" });
}

/** Every enabled workflow waiting for this event, in order of creation. */
export async function runAutomationsFor(context: EventContext, event: DomainEvent): Promise<void> {
  const aliases = Object.entries(triggerAliases).filter(([, name]) => name === event.name).map(([alias]) => alias);
  const workflows = await enabledWorkflowsFor(context.db, [event.name, ...aliases]);
  if (workflows.length === 0) return;
  const payload: Scope = { ...event.payload };
  const leadId = typeof payload.leadId === "number" ? payload.leadId : null;
  const lead = leadId === null ? undefined : await findLead(context.db, leadId);
  // Conditions and placeholders read the event's fields, and the lead's (as `industry` or `lead.industry`).
  const scope: Scope = { ...lead, ...payload, lead: lead ?? {}, event: { name: event.name, ...payload } };
  for (const row of workflows) await runWorkflow(context, row, event, scope, lead ? leadId : null);
}
