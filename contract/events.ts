import { z } from "zod";
import type { Permission } from "./access-policy";

/*
 * Every domain event the server emits, with the payload a subscriber receives. Payloads are small: ids and the few
 * fields a subscriber needs to act without reading the row again (never a password, token or key). A later area adds
 * its events here the same way; the outbox stores the name and the payload, so a name, once shipped, keeps its meaning.
 */

const id = z.number().int().positive();
/** A decimal amount as the database renders it, e.g. "500.00". */
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
const leadStatus = z.enum(["new", "contacted", "qualified", "converted", "lost"]);
/** The staff member who acted, when one did (an API key acts for its creator). */
const actor = z.object({ id, name: z.string(), email: z.string() }).nullable();

export const domainEvents = {
  "lead.created": z.object({
    leadId: id,
    businessName: z.string(),
    email: z.string(),
    status: leadStatus,
    pipelineStage: z.string().nullable(),
    assignedTo: z.string().nullable(),
    /** False for leads from a website, a quiz or the public form: nobody on staff has seen them yet. */
    enteredByStaff: z.boolean(),
  }),
  "lead.updated": z.object({ leadId: id, businessName: z.string(), status: leadStatus, changedFields: z.array(z.string()) }),
  "lead.deleted": z.object({ leadId: id, businessName: z.string() }),
  "lead.stage_changed": z.object({
    leadId: id,
    businessName: z.string(),
    /** Stored stage names; null is the default stage. */
    fromStage: z.string().nullable(),
    toStage: z.string().nullable(),
    assignedTo: z.string().nullable(),
    movedBy: actor,
  }),
  /**
   * Another lead was merged into this one (POST /api/leads/{id}/merge): mergedId no longer exists and its records are
   * this lead's now; changedFields names the fields that took the other lead's values.
   */
  "lead.merged": z.object({
    leadId: id,
    businessName: z.string(),
    mergedId: id,
    mergedBusinessName: z.string(),
    changedFields: z.array(z.string()),
    mergedBy: actor,
  }),
  /** Emitted by the database (lw_lead_conversion) whenever a lead's status becomes converted. */
  "lead.converted": z.object({ leadId: id, businessName: z.string(), affiliateId: id.nullable() }),
  /**
   * An email written to the lead from its page was tried by the mail job: sent, failed (after its last retry), pending
   * again (a retry is due) or held (no SMTP server). The page's list and timeline show the status.
   */
  "lead.email_status_changed": z.object({ leadId: id, emailId: id, status: z.enum(["pending", "sent", "failed", "held"]) }),
  "kpi.synced": z.object({ kpiId: id, leadId: id, ytdRevenue: amount, mrr: amount }),
  "affiliate.registered": z.object({ affiliateId: id, name: z.string(), businessName: z.string() }),
  "referral.created": z.object({ referralId: id, affiliateId: id, leadId: id, source: z.enum(["code", "link"]) }),
  /** Emitted by the database when a referred lead converts (or a converted lead is referred): a commission is owed. */
  "commission.created": z.object({ commissionId: id, affiliateId: id, leadId: id, amount }),
  "issue.created": z.object({ issueId: id, leadId: id.nullable() }),
  "issue.proposal_ready": z.object({ issueId: id, source: z.enum(["model", "retrieval"]) }),
  "issue.approved": z.object({ issueId: id, reviewedBy: z.string() }),
  "issue.rejected": z.object({ issueId: id, reviewedBy: z.string() }),
  /** Staff asked for a fresh proposal (POST /api/issues/{id}/retry): the issue is open again and a new job is queued. */
  "issue.reopened": z.object({ issueId: id, requestedBy: z.string() }),
  /** The proposal job gave up after its last attempt: code is the failure's (repair.timeout, repair.http_error, …). */
  "issue.proposal_failed": z.object({ issueId: id, code: z.string(), attempts: z.number().int() }),
  "task.created": z.object({ taskId: id, title: z.string(), assigneeId: id.nullable(), createdBy: actor }),
  /** An existing task handed to another staff member (a new task's assignee comes with task.created). */
  "task.assigned": z.object({ taskId: id, title: z.string(), assigneeId: id, previousAssigneeId: id.nullable(), assignedBy: actor }),
  /**
   * A task changed (any field, by a person or an API key): changedFields names what differs. Changing how often a task
   * repeats changes its later open occurrences too, each with its own event.
   */
  "task.updated": z.object({ taskId: id, title: z.string(), assigneeId: id.nullable(), changedFields: z.array(z.string()), updatedBy: actor }),
  "task.completed": z.object({ taskId: id, title: z.string(), assigneeId: id.nullable(), nextOccurrenceId: id.nullable() }),
  "feedback.created": z.object({ feedbackId: id, type: z.string() }),
  /** A note added to a lead; mentionedIds are the staff its body mentions (told by a notification, never its author). */
  "note.created": z.object({ noteId: id, leadId: id, pinned: z.boolean(), mentionedIds: z.array(id), by: actor }),
  /** A note's body changed or it was pinned or unpinned (pinning one unpins the lead's other, which has its own event). */
  "note.updated": z.object({ noteId: id, leadId: id, pinned: z.boolean(), changedFields: z.array(z.string()), by: actor }),
  "note.deleted": z.object({ noteId: id, leadId: id, by: actor }),
  /** A CSV migration finished (every batch written); a failed one emits nothing. */
  "migration.completed": z.object({
    migrationId: id,
    sourceFile: z.string(),
    imported: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    createdBy: z.string(),
  }),
  /**
   * The pipeline's stages changed: one was added, renamed or given another outcome, their order changed, or one was
   * deleted. Open boards and stage pickers read them again; stageId and name are the stage added, changed (its new
   * name) or deleted (null for a new order).
   */
  "pipeline.stages_changed": z.object({
    change: z.enum(["created", "updated", "reordered", "deleted"]),
    stageId: id.nullable(),
    name: z.string().nullable(),
    by: actor,
  }),
  /** Declared for the NPS survey; nothing emits it yet. */
  "nps.submitted": z.object({ responseId: id, score: z.number().int().min(0).max(10) }),
} as const satisfies Record<string, z.ZodType>;

export type DomainEventName = keyof typeof domainEvents;
export type DomainEventPayload<N extends DomainEventName> = z.output<(typeof domainEvents)[N]>;

export const domainEventNames = Object.keys(domainEvents) as DomainEventName[];

/** One stored event as a subscriber receives it: a union over the names, so `event.name` narrows `event.payload`. */
export type DomainEvent = {
  [N in DomainEventName]: { id: number; name: N; payload: DomainEventPayload<N>; occurredAt: Date };
}[DomainEventName];

/**
 * What a signed-in person needs to hear of each event on the live stream (GET /api/events/stream): declared per name,
 * so a new event is heard only once someone decides who may read it. The stream carries the event's name and ids,
 * never its payload's other fields.
 */
export const domainEventReadPermission: Record<DomainEventName, Permission> = {
  "lead.created": "crm.read",
  "lead.updated": "crm.read",
  "lead.deleted": "crm.read",
  "lead.stage_changed": "crm.read",
  "lead.merged": "crm.read",
  "lead.converted": "crm.read",
  "lead.email_status_changed": "crm.read",
  "kpi.synced": "crm.read",
  "affiliate.registered": "crm.read",
  "referral.created": "crm.read",
  "commission.created": "crm.read",
  "issue.created": "crm.read",
  "issue.proposal_ready": "crm.read",
  "issue.approved": "crm.read",
  "issue.rejected": "crm.read",
  "issue.reopened": "crm.read",
  "issue.proposal_failed": "crm.read",
  "task.created": "crm.read",
  "task.assigned": "crm.read",
  "task.updated": "crm.read",
  "task.completed": "crm.read",
  "feedback.created": "crm.read",
  "note.created": "crm.read",
  "note.updated": "crm.read",
  "note.deleted": "crm.read",
  "migration.completed": "migration.run",
  "pipeline.stages_changed": "crm.read",
  "nps.submitted": "crm.read",
};
