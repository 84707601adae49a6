import { describe, expect, it } from "vitest";
import type { AiRepairLog, IssueStatus } from "@contract/issues";
import { TRANSITION_REFUSALS as refusals, transitionRefusal } from "./issue-transitions";

const proposal: AiRepairLog = {
  summary: "s",
  codeDiff: "",
  timestamp: "2026-01-01T00:00:00.000Z",
  source: { kind: "model", model: "m", endpoint: null },
  references: [],
};
/** What the job stores without a model: related earlier fixes, no fix for this issue. */
const listing: AiRepairLog = { ...proposal, source: { kind: "retrieval", model: null, endpoint: null } };
const issue = (status: IssueStatus, withProposal = true) => ({ status, aiRepairLog: withProposal ? proposal : null });

describe("transitionRefusal", () => {
  it("approves a proposal awaiting review, rejected or left after a failure, once", () => {
    expect(transitionRefusal("approve", issue("awaiting_review"))).toBeNull();
    expect(transitionRefusal("approve", issue("rejected"))).toBeNull();
    expect(transitionRefusal("approve", issue("failed"))).toBeNull();
    expect(transitionRefusal("approve", issue("approved"))).toBe(refusals.alreadyApproved);
    expect(transitionRefusal("approve", issue("open", false))).toBe(refusals.noProposalToApprove);
    expect(transitionRefusal("approve", issue("failed", false))).toBe(refusals.noProposalToApprove);
  });

  it("approves no list of related fixes made without a model, but lets it be rejected or asked for again", () => {
    expect(transitionRefusal("approve", { status: "awaiting_review", aiRepairLog: listing })).toBe(refusals.noFixProposed);
    expect(transitionRefusal("approve", { status: "rejected", aiRepairLog: listing })).toBe(refusals.noFixProposed);
    expect(transitionRefusal("reject", { status: "awaiting_review", aiRepairLog: listing })).toBeNull();
    expect(transitionRefusal("retry", { status: "awaiting_review", aiRepairLog: listing })).toBeNull();
  });

  it("rejects a proposal that is neither approved nor already rejected", () => {
    expect(transitionRefusal("reject", issue("awaiting_review"))).toBeNull();
    expect(transitionRefusal("reject", issue("approved"))).toBe(refusals.approvedCannotBeRejected);
    expect(transitionRefusal("reject", issue("rejected"))).toBe(refusals.alreadyRejected);
    expect(transitionRefusal("reject", issue("open", false))).toBe(refusals.noProposalToReject);
  });

  it("asks for a fresh proposal unless one is being prepared or the fix is approved", () => {
    expect(transitionRefusal("retry", issue("failed", false))).toBeNull();
    expect(transitionRefusal("retry", issue("rejected"))).toBeNull();
    expect(transitionRefusal("retry", issue("awaiting_review"))).toBeNull();
    expect(transitionRefusal("retry", issue("approved"))).toBe(refusals.alreadyApproved);
    expect(transitionRefusal("retry", issue("open", false))).toBe(refusals.proposalInProgress);
  });
});
