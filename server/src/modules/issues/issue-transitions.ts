import type { ErrorCode } from "@contract/error-codes";
import { proposesFix, type Issue } from "@contract/issues";

export type ReviewAction = "approve" | "reject" | "retry";

export const TRANSITION_REFUSALS = {
  noProposalToApprove: "issue.no_proposal",
  noFixProposed: "issue.no_fix_proposed",
  noProposalToReject: "issue.no_proposal_to_reject",
  alreadyApproved: "issue.already_approved",
  approvedCannotBeRejected: "issue.approved_cannot_be_rejected",
  alreadyRejected: "issue.already_rejected",
  proposalInProgress: "issue.proposal_in_progress",
} as const satisfies Record<string, ErrorCode>;
export type TransitionRefusal = (typeof TRANSITION_REFUSALS)[keyof typeof TRANSITION_REFUSALS];

/**
 * Why a staff action may not happen to an issue in its current state (the code of a 409), or null when it may.
 * Approval needs a proposed fix, which only a model writes (without one, the log lists related earlier fixes for a
 * person to fix it by hand: nothing there is this issue's fix), and is final; rejection needs a proposal or such a
 * list that is neither approved nor already rejected; a fresh proposal may be asked for unless one is being prepared
 * or the fix is approved.
 */
export function transitionRefusal(action: ReviewAction, issue: Pick<Issue, "status" | "aiRepairLog">): TransitionRefusal | null {
  const { status } = issue;
  switch (action) {
    case "approve":
      if (status === "approved") return TRANSITION_REFUSALS.alreadyApproved;
      if (!issue.aiRepairLog) return TRANSITION_REFUSALS.noProposalToApprove;
      return proposesFix(issue.aiRepairLog) ? null : TRANSITION_REFUSALS.noFixProposed;
    case "reject":
      if (status === "approved") return TRANSITION_REFUSALS.approvedCannotBeRejected;
      if (status === "rejected") return TRANSITION_REFUSALS.alreadyRejected;
      return issue.aiRepairLog ? null : TRANSITION_REFUSALS.noProposalToReject;
    case "retry":
      if (status === "approved") return TRANSITION_REFUSALS.alreadyApproved;
      if (status === "open") return TRANSITION_REFUSALS.proposalInProgress;
      return null;
  }
}
