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

const UNEXPECTED = "An unexpected error stopped the proposal (the server log has the details)";

/** Stores the outcome and tells staff in one transaction, so a notification is never sent for an outcome not stored. */
async function settle(db: Database, store: (tx: Database) => Promise<boolean>, message: string, issueId: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await store(tx))) return false;
    await notifyStaff(tx, { type: "issue", message, link: issueReviewLink(issueId) });
    return true;
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
    const ready =
      log.source.kind === "model"
        ? `Issue #${issueId}: an AI fix proposal is ready for review`
        : `Issue #${issueId}: a proposal is ready for review (no AI model is configured, so it lists related approved fixes only)`;
    const store = async (tx: Database) => {
      if (!(await storeRepairProposal(tx, issueId, log))) return false;
      await emitEvent(tx, "issue.proposal_ready", { issueId, source: log.source.kind });
      return true;
    };
    const stored = await settle(db, store, ready, issueId);
    return stored ? { outcome: "proposed", source: log.source.kind } : { outcome: "skipped", status: "decided meanwhile" };
  } catch (error) {
    if (!isLastAttempt(run)) throw error;
    // loggableError: a failed statement's error would print its parameters.
    if (!(error instanceof RepairAttemptError)) console.error(`issues.propose-repair: issue #${issueId} failed`, JSON.stringify(loggableError(error)));
    const reason = error instanceof RepairAttemptError ? error.message : UNEXPECTED;
    const failure = { reason, attempts: run.attempt, failedAt: new Date().toISOString() };
    await settle(db, (tx) => storeRepairFailure(tx, issueId, failure), `Issue #${issueId}: no fix could be proposed. ${reason}.`, issueId);
    return { outcome: "failed", reason };
  }
}
