import { describe, expect, it } from "vitest";
import { FAKE_DIFF } from "../../../test/fake-chat-completions";
import { NO_MODEL_NOTICE, retrievalOnlySummary } from "./retrieval-only-summary";
import type { RelatedIssue } from "./retrieval.data";

const related = (id: number, extra: Partial<RelatedIssue> = {}): RelatedIssue => ({
  id,
  description: `Issue number ${id} about the sign-in form`,
  summary: null,
  codeDiff: "",
  proposedBy: "retrieval",
  reviewerNotes: null,
  score: 0.1,
  ...extra,
});

describe("retrievalOnlySummary", () => {
  it("says plainly that no model wrote it, and that nothing related was found", () => {
    expect(retrievalOnlySummary([])).toBe(`${NO_MODEL_NOTICE} Retrieval found nothing related among the earlier approved fixes.`);
  });

  it("lists what retrieval found, closest first", () => {
    expect(retrievalOnlySummary([related(12), related(7)])).toBe(
      `${NO_MODEL_NOTICE} Retrieval found 2 earlier approved fixes that look related: ` +
        `#12 "Issue number 12 about the sign-in form"; #7 "Issue number 7 about the sign-in form".`,
    );
    expect(retrievalOnlySummary([related(3)])).toContain("Retrieval found 1 earlier approved fix that looks related: #3");
  });

  it("shows the closest fix's model summary, reviewer notes and diff as text for a person to judge", () => {
    const summary = retrievalOnlySummary([
      related(12, { proposedBy: "model", summary: "Raise the sign-in timeout.", reviewerNotes: "Checked on hotel Wi-Fi.", codeDiff: FAKE_DIFF }),
      related(7),
    ]);
    expect(summary.startsWith(NO_MODEL_NOTICE)).toBe(true);
    expect(summary).toContain(
      `Closest: #12.\nApproved proposal: Raise the sign-in timeout.\nReviewer's notes: Checked on hotel Wi-Fi.\n` +
        `Its code change, for a person to judge (nothing is applied):\n${FAKE_DIFF}`,
    );
  });

  it("does not repeat an earlier retrieval-only summary as if it were a fix", () => {
    const summary = retrievalOnlySummary([related(12, { summary: `${NO_MODEL_NOTICE} Retrieval found nothing…`, reviewerNotes: "Cleared the cache." })]);
    expect(summary.split(NO_MODEL_NOTICE)).toHaveLength(2);
    expect(summary).toContain("Closest: #12.\nReviewer's notes: Cleared the cache.");
  });
});
