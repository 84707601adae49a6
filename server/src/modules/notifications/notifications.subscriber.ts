import { eq, sql } from "drizzle-orm";
import type { DomainEventPayload } from "@contract/events";
import { DEFAULT_PIPELINE_STAGE } from "@contract/pipeline";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { users } from "../../db/schema";
import type { EventSubscriber } from "../../kernel/events";
import { notify, notifyAdmins, notifyStaff } from "../../kernel/notify";

/**
 * The staff email a lead's assignedTo names: a staff member's email, or the name of exactly one staff member (the
 * field is free text). Null when it names nobody who signs in.
 */
async function staffEmailFor(db: Database, assignedTo: string): Promise<string | null> {
  const [row] = await rawRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE lower(email) = lower(${assignedTo})
        UNION ALL
        (SELECT min(email) FROM users WHERE lower(name) = lower(${assignedTo}) HAVING count(*) = 1)
        LIMIT 1`,
  );
  return row?.email ?? null;
}

async function staffEmailById(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * The staff screens' page of one lead (the client's leadPagePath, route /leads/:id): a notification about a lead links
 * there, so its id is stored with it. Notifications stored before kept their /leads or /productivity link.
 */
const leadPage = (leadId: number) => `/leads/${leadId}`;

/** Leads that arrive from a website, quiz or the public form are unseen until someone looks: tell the administrators. */
async function leadCaptured(db: Database, lead: DomainEventPayload<"lead.created">): Promise<void> {
  if (lead.enteredByStaff) return;
  await notifyAdmins(db, { type: "lead", code: "lead.captured", params: { businessName: lead.businessName, email: lead.email }, link: leadPage(lead.leadId) });
}

async function leadMoved(db: Database, { leadId, assignedTo, movedBy, businessName, toStage }: DomainEventPayload<"lead.stage_changed">): Promise<void> {
  // Someone moving their own lead needs no telling.
  const assignee = assignedTo ? await staffEmailFor(db, assignedTo) : null;
  if (!assignee || assignee.toLowerCase() === movedBy?.email.toLowerCase()) return;
  const stage = toStage ?? DEFAULT_PIPELINE_STAGE;
  await notify(db, [assignee], {
    type: "pipeline",
    ...(movedBy ? { code: "lead.moved", params: { actor: movedBy.name, businessName, stage } } : { code: "lead.moved_unattended", params: { businessName, stage } }),
    link: leadPage(leadId),
  });
}

async function affiliateRegistered(db: Database, { name, businessName }: DomainEventPayload<"affiliate.registered">): Promise<void> {
  await notifyAdmins(db, { type: "affiliate", code: "affiliate.registered", params: { name, businessName }, link: "/affiliates" });
}

/**
 * Tells a staff member a task was given to them, by creation or reassignment, unless they gave it to themselves.
 * A task an automation made (no staff member acting) tells nobody: its owner chose that, and the automation's notify
 * action is the way to tell someone.
 */
async function taskGiven(
  db: Database,
  task: { taskId: number; title: string; assigneeId: number | null },
  givenBy: { id: number; name: string } | null,
): Promise<void> {
  if (task.assigneeId === null || givenBy === null || task.assigneeId === givenBy.id) return;
  const assignee = await staffEmailById(db, task.assigneeId);
  if (!assignee) return;
  await notify(db, [assignee], { type: "task", code: "task.assigned", params: { actor: givenBy.name, title: task.title }, link: `/tasks?id=${task.taskId}` });
}

/** Every staff member may review a proposal. The link opens the Technical Issues screen's review tab on that issue. */
async function proposalReady(db: Database, { issueId, source }: DomainEventPayload<"issue.proposal_ready">): Promise<void> {
  const code = source === "model" ? "issue.proposal_ready" : "issue.proposal_ready_retrieval";
  await notifyStaff(db, { type: "issue", code, params: { issueId }, link: `/issues?tab=review&id=${issueId}` });
}

/**
 * Notifications that follow from domain events, written when the event is dispatched (in the dispatch's transaction,
 * so an event is marked handled exactly when its notifications are stored; a failure here is retried without
 * touching the change that emitted the event). Operational notices that are no domain event (a locked account, an
 * API key created, a webhook disabled, an automation or a repair proposal failed) are still written by their area directly.
 */
export const notificationSubscriber: EventSubscriber = {
  name: "notifications",
  events: ["lead.created", "lead.stage_changed", "affiliate.registered", "task.created", "task.assigned", "issue.proposal_ready"],
  async handle({ db }, event) {
    switch (event.name) {
      case "lead.created":
        return leadCaptured(db, event.payload);
      case "lead.stage_changed":
        return leadMoved(db, event.payload);
      case "affiliate.registered":
        return affiliateRegistered(db, event.payload);
      case "task.created":
        return taskGiven(db, event.payload, event.payload.createdBy);
      case "task.assigned":
        return taskGiven(db, event.payload, event.payload.assignedBy);
      case "issue.proposal_ready":
        return proposalReady(db, event.payload);
      default:
        return;
    }
  },
};
