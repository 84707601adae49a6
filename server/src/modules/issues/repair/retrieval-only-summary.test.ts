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
  score: 0.5,
  ...extra,
});

describe("retrievalOnlySummary", () => {
  it("says plainly that no model wrote it and that nothing related exists", () => {
    expect(retrievalOnlySummary([])).toBe(`${NO_MODEL_NOTICE} No earlier approved fix is related to this issue.`);
  });

  it("lists the related fixes, closest first, as references with how much they share", () => {
    expect(retrievalOnlySummary([related(12, { score: 0.8 }), related(7)])).toBe(
      `${NO_MODEL_NOTICE} 2 earlier approved fixes are related and may help a person fix it by hand ` +
        `(references only, not a change for this issue): ` +
        `#12 "Issue number 12 about the sign-in form" (80% of the words in common); #7 "Issue number 7 about the sign-in form" (50% of the words in common).`,
    );
    expect(retrievalOnlySummary([related(3)])).toContain("1 earlier approved fix is related");
  });

  it("never carries another issue's change, summary or notes into this issue's proposal", () => {
    const summary = retrievalOnlySummary([
      related(12, { proposedBy: "model", summary: "Raise the sign-in timeout.", reviewerNotes: "Checked on hotel Wi-Fi.", codeDiff: FAKE_DIFF }),
    ]);
    expect(summary.startsWith(NO_MODEL_NOTICE)).toBe(true);
    expect(summary).not.toContain("Raise the sign-in timeout");
    expect(summary).not.toContain("Checked on hotel Wi-Fi");
    expect(summary).not.toContain(FAKE_DIFF.split("\n")[0]!);
  });
});
