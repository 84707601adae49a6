import type { z } from "zod";
import type { approveIssueBodySchema, Issue, issueBodySchema, issueListQuerySchema, rejectIssueBodySchema, repairSourceSchema } from "@contract/issues";
import type { AuditMessage } from "@contract/server-messages";
import type { AppContext } from "../../kernel/app-context";
import type { Database } from "../../db/client";
import { conflict, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { JobSendOptions } from "../../kernel/jobs/queue";
import { recordAudit } from "../../kernel/audit";
import { actorLabel } from "../../kernel/actor";
import type { Principal } from "../../kernel/principal";
import { emitEvent } from "../../kernel/events";
import { inTransaction } from "../../kernel/transaction";
import { proposeRepairJob } from "./issues.jobs";
import { endpointHost } from "./repair/chat-completions";
import { transitionRefusal, type ReviewAction } from "./issue-transitions";
import { findIssue, insertIssue, listIssues, lockIssue, recordApproval, recordRejection, reopenIssue } from "./issues.data";


type IssueDeps = Pick<AppContext, "db" | "jobs" | "config">;

/** Who acts and from where: written to the audit log with each change. */
export interface IssueActor {
  principal: Principal;
  meta: RequestMeta;
}

/** A timeout, an unreachable server or an invalid answer is retried with exponential backoff, as configured. */
const proposalJobOptions = (config: AppContext["config"]): JobSendOptions => ({
  retryLimit: config.aiRetry.limit,
  retryDelay: config.aiRetry.delaySeconds,
  retryBackoff: true,
});

const enqueueProposal = (deps: IssueDeps, issueId: number, tx: Database) =>
  deps.jobs.send(proposeRepairJob, { issueId }, proposalJobOptions(deps.config), tx);

/**
 * Stores the issue and its proposal job in one transaction: a failed request leaves nothing behind, and an issue
 * never exists without the job that will write its proposal. The request does not wait for the proposal.
 */
export async function reportIssue(deps: IssueDeps, body: z.output<typeof issueBodySchema>, actor: IssueActor): Promise<Issue> {
  return inTransaction(deps.db, async (tx) => {
    const issue = await insertIssue(tx, body);
    await emitEvent(tx, "issue.created", { issueId: issue.id, leadId: issue.leadId });
    await recordAudit(tx, {
      userEmail: actorLabel(actor.principal),
      action: "issue.reported",
      message: issue.leadId
        ? { code: "issue.reported_for_lead", params: { issueId: issue.id, email: issue.email, leadId: issue.leadId } }
        : { code: "issue.reported", params: { issueId: issue.id, email: issue.email } },
      meta: actor.meta,
    });
    await enqueueProposal(deps, issue.id, tx);
    return issue;
  });
}

/** Who writes the next proposals (GET /api/issues/proposal-source): the configured model, or retrieval alone. */
export function proposalSource(config: AppContext["config"]): z.infer<typeof repairSourceSchema> {
  return config.ai ? { kind: "model", model: config.ai.model, endpoint: endpointHost(config.ai) } : { kind: "retrieval", model: null, endpoint: null };
}

export async function issuesPage(db: Database, query: z.output<typeof issueListQuerySchema>) {
  return listIssues(db, { q: query.q, status: query.status }, query.limit, query.offset);
}

export async function getIssue(db: Database, id: number): Promise<Issue> {
  const issue = await findIssue(db, id);
  if (!issue) throw notFound("issue.not_found");
  return issue;
}

/**
 * Runs one staff action on a locked issue row: two people acting at once are serialised, and the second sees the
 * first one's outcome (409) instead of overwriting it.
 */
async function decide(
  deps: IssueDeps,
  id: number,
  action: ReviewAction,
  actor: IssueActor,
  change: (tx: Database) => Promise<Issue | undefined>,
  audit: { action: string; message: AuditMessage },
): Promise<Issue> {
  return inTransaction(deps.db, async (tx) => {
    const current = await lockIssue(tx, id);
    if (!current) throw notFound("issue.not_found");
    const refusal = transitionRefusal(action, current);
    if (refusal) throw conflict(refusal);
    const changed = await change(tx);
    await recordAudit(tx, { userEmail: actorLabel(actor.principal), action: audit.action, message: audit.message, meta: actor.meta });
    return changed!;
  });
}

export const approveIssue = (deps: IssueDeps, id: number, body: z.output<typeof approveIssueBodySchema>, actor: IssueActor) =>
  decide(
    deps,
    id,
    "approve",
    actor,
    async (tx) => {
      const approved = await recordApproval(tx, id, { manualNotes: body.manualNotes, reviewedBy: actor.principal.user.email });
      await emitEvent(tx, "issue.approved", { issueId: id, reviewedBy: actor.principal.user.email });
      return approved;
    },
    {
      action: "issue.approved",
      message: body.manualNotes ? { code: "issue.approved_with_notes", params: { issueId: id, notes: body.manualNotes } } : { code: "issue.approved", params: { issueId: id } },
    },
  );

export const rejectIssue = (deps: IssueDeps, id: number, body: z.output<typeof rejectIssueBodySchema>, actor: IssueActor) =>
  decide(
    deps,
    id,
    "reject",
    actor,
    async (tx) => {
      const rejected = await recordRejection(tx, id, { notes: body.notes, reviewedBy: actor.principal.user.email });
      await emitEvent(tx, "issue.rejected", { issueId: id, reviewedBy: actor.principal.user.email });
      return rejected;
    },
    {
      action: "issue.rejected",
      message: body.notes ? { code: "issue.rejected_with_notes", params: { issueId: id, notes: body.notes } } : { code: "issue.rejected", params: { issueId: id } },
    },
  );

/** Asks for a fresh proposal: the issue is open again and a new job is stored in the same transaction. */
export const retryIssue = (deps: IssueDeps, id: number, actor: IssueActor) =>
  decide(
    deps,
    id,
    "retry",
    actor,
    async (tx) => {
      const reopened = await reopenIssue(tx, id);
      await emitEvent(tx, "issue.reopened", { issueId: id, requestedBy: actor.principal.user.email });
      await enqueueProposal(deps, id, tx);
      return reopened;
    },
    { action: "issue.retry_requested", message: { code: "issue.retry_requested", params: { issueId: id } } },
  );
