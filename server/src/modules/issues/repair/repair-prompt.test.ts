import { describe, expect, it } from "vitest";
import { FAKE_DIFF } from "../../../test/fake-chat-completions";
import { buildRepairPrompt } from "./repair-prompt";
import type { RelatedIssue } from "./retrieval.data";

const earlier: RelatedIssue = {
  id: 7,
  description: "Sign-in spins forever on slow networks",
  summary: "Give the sign-in request a 5 s timeout and show an error.",
  codeDiff: FAKE_DIFF,
  proposedBy: "model",
  reviewerNotes: "Tested on hotel Wi-Fi.",
  score: 0.3,
};

describe("buildRepairPrompt", () => {
  it("asks for JSON {summary, codeDiff} with a unified diff or an empty one", () => {
    const [system] = buildRepairPrompt({ issueId: 1, description: "d", screenshotUrl: null, related: [], rejectionNotes: null });
    expect(system?.role).toBe("system");
    expect(system?.content).toContain('{"summary": string, "codeDiff": string}');
    expect(system?.content).toMatch(/unified diff.*or an empty string/);
  });

  it("gives the description, the screenshot link and the related approved fixes with their diffs", () => {
    const [, user] = buildRepairPrompt({
      issueId: 42,
      description: "The login page hangs after entering the password",
      screenshotUrl: "https://shots.example.com/42.png",
      related: [earlier],
      rejectionNotes: null,
    });
    expect(user?.role).toBe("user");
    expect(user?.content).toContain("Technical issue #42\nDescription:\nThe login page hangs after entering the password");
    expect(user?.content).toContain("Screenshot: https://shots.example.com/42.png");
    expect(user?.content).toContain(
      "### Issue #7 (similarity 0.3)\nDescription: Sign-in spins forever on slow networks\n" +
        "Approved proposal: Give the sign-in request a 5 s timeout and show an error.\nReviewer's notes: Tested on hotel Wi-Fi.\n" +
        `Code change:\n${FAKE_DIFF}`,
    );
  });

  it("says when nothing related was found, passes on a rejection's notes, and leaves out retrieval-only summaries", () => {
    const [, none] = buildRepairPrompt({ issueId: 1, description: "d", screenshotUrl: null, related: [], rejectionNotes: "Wrong file: the form lives in features/auth." });
    expect(none?.content).toContain("Screenshot: none given");
    expect(none?.content).toContain("A reviewer rejected an earlier proposal for this issue, noting: Wrong file: the form lives in features/auth.");
    expect(none?.content).toContain("No earlier approved fix looks related.");
    const [, boilerplate] = buildRepairPrompt({
      issueId: 1,
      description: "d",
      screenshotUrl: null,
      related: [{ ...earlier, proposedBy: "retrieval", summary: "No AI model is configured", codeDiff: "" }],
      rejectionNotes: null,
    });
    expect(boilerplate?.content).not.toContain("No AI model is configured");
  });

  it("clips long context so one earlier diff cannot fill the window", () => {
    const [, user] = buildRepairPrompt({ issueId: 1, description: "d", screenshotUrl: null, related: [{ ...earlier, codeDiff: `${FAKE_DIFF}\n${"+x\n".repeat(5_000)}` }], rejectionNotes: null });
    expect(user!.content.length).toBeLessThan(6_000);
    expect(user?.content).toContain("[… cut]");
  });
});
