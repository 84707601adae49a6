import type { Issue } from "@contract/issues";

export type ReviewAction = "approve" | "reject" | "retry";

export const TRANSITION_REFUSALS = {
  noProposalToApprove: "This issue has no proposal to approve yet",
  noProposalToReject: "This issue has no proposal to reject yet",
  alreadyApproved: "This issue is already approved",
  approvedCannotBeRejected: "An approved fix cannot be rejected",
  alreadyRejected: "This issue is already rejected",
  proposalInProgress: "A proposal is already being prepared",
} as const;

/**
 * Why a staff action may not happen to an issue in its current state (answered as 409), or null when it may.
 * Approval needs a proposal and is final; rejection needs a proposal that is neither approved nor already rejected;
 * a fresh proposal may be asked for unless one is being prepared or the fix is approved.
 */
export function transitionRefusal(action: ReviewAction, issue: Pick<Issue, "status" | "aiRepairLog">): string | null {
  const { status } = issue;
  switch (action) {
    case "approve":
      if (status === "approved") return TRANSITION_REFUSALS.alreadyApproved;
      return issue.aiRepairLog ? null : TRANSITION_REFUSALS.noProposalToApprove;
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
