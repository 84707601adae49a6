import type { z } from "zod";
import type { approveIssueBodySchema, Issue, issueBodySchema, issueListQuerySchema, rejectIssueBodySchema } from "@contract/issues";
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
      details: `Issue #${issue.id} reported for ${issue.email}${issue.leadId ? ` (lead #${issue.leadId})` : ""}`,
      meta: actor.meta,
    });
    await enqueueProposal(deps, issue.id, tx);
    return issue;
  });
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
  audit: { action: string; details: string },
): Promise<Issue> {
  return inTransaction(deps.db, async (tx) => {
    const current = await lockIssue(tx, id);
    if (!current) throw notFound("issue.not_found");
    const refusal = transitionRefusal(action, current);
    if (refusal) throw conflict(refusal);
    const changed = await change(tx);
    await recordAudit(tx, { userEmail: actorLabel(actor.principal), action: audit.action, details: audit.details, meta: actor.meta });
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
    { action: "issue.approved", details: `Issue #${id} fix approved${body.manualNotes ? `: ${body.manualNotes}` : ""}` },
  );

export const rejectIssue = (deps: IssueDeps, id: number, body: z.output<typeof rejectIssueBodySchema>, actor: IssueActor) =>
  decide(
    deps,
    id,
    "reject",
    actor,
    (tx) => recordRejection(tx, id, { notes: body.notes, reviewedBy: actor.principal.user.email }),
    { action: "issue.rejected", details: `Issue #${id} proposal rejected${body.notes ? `: ${body.notes}` : ""}` },
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
      await enqueueProposal(deps, id, tx);
      return reopened;
    },
    { action: "issue.retry_requested", details: `Issue #${id} sent back for a fresh proposal` },
  );
