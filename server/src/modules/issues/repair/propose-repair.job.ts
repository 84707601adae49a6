import type { AiRepairLog, Issue } from "@contract/issues";
import { encodeServerMessage, englishText, repairFailureMessages, type RepairFailureMessage } from "@contract/server-messages";
import type { Database } from "../../../db/client";
import { loggableError } from "../../../kernel/http/error-log";
import { isLastAttempt, type JobContext, type JobRun } from "../../../kernel/jobs/job-context";
import { emitEvent } from "../../../kernel/events";
import { notifyStaff } from "../../../kernel/notify";
import { inTransaction } from "../../../kernel/transaction";
import { findIssue, storeRepairFailure, storeRepairProposal } from "../issues.data";
import { RepairAttemptError } from "./repair-attempt-error";
import { buildRepairProposal } from "./repair-proposal";

/** Where a notification about an issue takes staff: the Technical Issues screen with that issue open for review. */
export const issueReviewLink = (issueId: number) => `/issues?tab=review&id=${issueId}`;

const UNEXPECTED: RepairFailureMessage = { code: "repair.unexpected", params: {} };

/**
 * Stores a proposal with its issue.proposal_ready event, from which the notifications subscriber tells staff: both or
 * neither commit. False when the issue was decided meanwhile.
 */
async function storeProposal(db: Database, issueId: number, log: AiRepairLog): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await storeRepairProposal(tx, issueId, log))) return false;
    await emitEvent(tx, "issue.proposal_ready", { issueId, source: log.source.kind });
    return true;
  });
}

/**
 * Stores why no proposal could be made, its issue.proposal_failed event (open screens read the issue again) and the
 * staff notice in one transaction. The notice is written here rather than by the notifications subscriber: it quotes
 * the failure's message, which the event does not carry.
 */
async function storeFailure(db: Database, issueId: number, reason: RepairFailureMessage, attempts: number): Promise<void> {
  const failure: NonNullable<Issue["repairFailure"]> = {
    reason: englishText(repairFailureMessages[reason.code], reason.params),
    code: reason.code,
    params: reason.params,
    attempts,
    failedAt: new Date().toISOString(),
  };
  await inTransaction(db, async (tx) => {
    if (!(await storeRepairFailure(tx, issueId, failure))) return;
    await emitEvent(tx, "issue.proposal_failed", { issueId, code: reason.code, attempts });
    await notifyStaff(tx, {
      type: "issue",
      code: "issue.proposal_failed",
      params: { issueId, reason: encodeServerMessage(reason) },
      link: issueReviewLink(issueId),
    });
  });
}

/**
 * The issues.propose-repair job. It works only on an open issue (a job left over after a decision does nothing);
 * a failed attempt throws so pg-boss retries it with backoff, except the last one, which records why it failed.
 */
export async function proposeRepair({ db, config }: JobContext, issueId: number, run: JobRun) {
  const issue = await findIssue(db, issueId);
  if (issue?.status !== "open") return { outcome: "skipped", status: issue?.status ?? "deleted" };

  try {
    const log = await buildRepairProposal(db, config.ai, issue);
    const stored = await storeProposal(db, issueId, log);
    return stored ? { outcome: "proposed", source: log.source.kind } : { outcome: "skipped", status: "decided meanwhile" };
  } catch (error) {
    if (!isLastAttempt(run)) throw error;
    // loggableError: a failed statement's error would print its parameters.
    if (!(error instanceof RepairAttemptError)) console.error(`issues.propose-repair: issue #${issueId} failed`, JSON.stringify(loggableError(error)));
    const reason = error instanceof RepairAttemptError ? error.failure : UNEXPECTED;
    await storeFailure(db, issueId, reason, run.attempt);
    return { outcome: "failed", reason: reason.code };
  }
}
