import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { automationRuns, automationWorkflows, leads, tasks, users } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

export type WorkflowRow = typeof automationWorkflows.$inferSelect;
type NewWorkflow = typeof automationWorkflows.$inferInsert;

export const listWorkflows = (db: Database) => db.select().from(automationWorkflows).orderBy(desc(automationWorkflows.id));

export async function findWorkflow(db: Database, id: number): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(automationWorkflows).where(eq(automationWorkflows.id, id));
  return row;
}

export async function insertWorkflow(db: Database, values: NewWorkflow): Promise<WorkflowRow> {
  const [row] = await db.insert(automationWorkflows).values(values).returning();
  return row!;
}

export async function updateWorkflow(db: Database, id: number, values: Partial<NewWorkflow>): Promise<WorkflowRow | undefined> {
  const [row] = await db.update(automationWorkflows).set(values).where(eq(automationWorkflows.id, id)).returning();
  return row;
}

export async function deleteWorkflow(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(automationWorkflows).where(eq(automationWorkflows.id, id)).returning({ id: automationWorkflows.id });
  return deleted.length > 0;
}

/** The enabled workflows waiting for one of these triggers. */
export const enabledWorkflowsFor = (db: Database, triggers: string[]) =>
  db
    .select()
    .from(automationWorkflows)
    .where(and(eq(automationWorkflows.enabled, true), inArray(automationWorkflows.trigger, triggers)))
    .orderBy(automationWorkflows.id);

/** The triggers of every enabled workflow. */
export async function enabledTriggers(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ trigger: automationWorkflows.trigger }).from(automationWorkflows).where(eq(automationWorkflows.enabled, true));
  return rows.map((row) => row.trigger);
}

export async function insertRun(db: Database, run: typeof automationRuns.$inferInsert): Promise<number> {
  const [row] = await db.insert(automationRuns).values(run).returning({ id: automationRuns.id });
  return row!.id;
}

/** A call_webhook run still waiting for its request, with what sending it needs from its workflow. */
export async function pendingWebhookRun(db: Database, runId: number) {
  const [row] = await db
    .select({
      runId: automationRuns.id,
      attempts: automationRuns.attempts,
      workflowId: automationWorkflows.id,
      name: automationWorkflows.name,
      action: automationWorkflows.action,
      config: automationWorkflows.config,
      enabled: automationWorkflows.enabled,
      signingSecretEncrypted: automationWorkflows.signingSecretEncrypted,
      createdBy: automationWorkflows.createdBy,
    })
    .from(automationRuns)
    .innerJoin(automationWorkflows, eq(automationWorkflows.id, automationRuns.workflowId))
    .where(and(eq(automationRuns.id, runId), eq(automationRuns.outcome, "pending")));
  return row;
}

/** Records an attempt at a pending run: its outcome so far (still pending while retries remain), error and duration. */
export async function settleRun(db: Database, runId: number, values: { outcome: "success" | "failed" | "pending"; error: string | null; attempts: number; durationMs: number }): Promise<void> {
  await db.update(automationRuns).set(values).where(and(eq(automationRuns.id, runId), eq(automationRuns.outcome, "pending")));
}

/**
 * The workflow's latest runs, without those about a lead that exists outside the request's lead scope (issue 26.5).
 * Runs about no lead, or about a lead since deleted (the log outlives it), show nothing of a lead and are kept.
 */
export const latestRuns = (db: Database, workflowId: number) =>
  db
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.workflowId, workflowId),
        sql`NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = ${automationRuns.leadId} AND NOT ${leadInScope(sql`l.assignee_id`)})`,
      ),
    )
    .orderBy(desc(automationRuns.id))
    .limit(50);

export async function userByEmail(db: Database, email: string): Promise<{ id: number; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function userEmailById(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

/** The lead an event is about, for placeholders and update_lead. */
export async function findLead(db: Database, id: number) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

/** A task written for an automation (the tasks area's own rules for people do not apply: the config was checked). */
export async function insertTask(
  db: Database,
  values: { title: string; priority: string; dueInDays: number | undefined; assigneeId: number | null; leadId: number | null; automationId: number },
): Promise<{ id: number; title: string }> {
  const [row] = await db
    .insert(tasks)
    .values({
      title: values.title,
      priority: values.priority,
      dueDate: values.dueInDays === undefined ? null : sql`(now() AT TIME ZONE 'UTC')::date + ${values.dueInDays}::int`,
      assigneeId: values.assigneeId,
      leadId: values.leadId,
      createdByAutomationId: values.automationId,
    })
    .returning({ id: tasks.id, title: tasks.title });
  return row!;
}

/** Sets a lead's status, priority, stage and adds a tag (each when given); the row as it was and as it is now. */
export async function updateLeadFields(db: Database, leadId: number, change: { status?: string; priority?: string; stage?: string; tag?: string }) {
  const before = await findLead(db, leadId);
  if (!before) return undefined;
  const [after] = await db
    .update(leads)
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.priority === undefined ? {} : { priority: change.priority }),
      ...(change.stage === undefined ? {} : { pipelineStage: change.stage }),
      ...(change.tag === undefined ? {} : { tags: sql`CASE WHEN ${change.tag} = ANY(${leads.tags}) THEN ${leads.tags} ELSE array_append(${leads.tags}, ${change.tag}::text) END` }),
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, leadId))
    .returning();
  return after ? { before, after } : undefined;
}
