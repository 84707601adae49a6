import { describe, expect, it } from "vitest";
import { FAKE_DIFF } from "../../../test/fake-chat-completions";
import { parseModelAnswer } from "./model-answer";

const answer = (value: unknown) => JSON.stringify(value);

describe("parseModelAnswer", () => {
  it("accepts plain JSON with a summary and a unified diff", () => {
    expect(parseModelAnswer(answer({ summary: "Raise the timeout", codeDiff: FAKE_DIFF }))).toEqual({
      ok: true,
      proposal: { summary: "Raise the timeout", codeDiff: FAKE_DIFF },
    });
  });

  it("accepts JSON inside a ```json fence, with words around it", () => {
    const content = `Here is my proposal:\n\n\`\`\`json\n${answer({ summary: "  Trim the email  ", codeDiff: "" })}\n\`\`\`\nHope it helps.`;
    expect(parseModelAnswer(content)).toEqual({ ok: true, proposal: { summary: "Trim the email", codeDiff: "" } });
  });

  it("accepts an empty codeDiff, and a diff made of hunks only", () => {
    expect(parseModelAnswer(answer({ summary: "Configuration only", codeDiff: "  \n" }))).toEqual({ ok: true, proposal: { summary: "Configuration only", codeDiff: "" } });
    const hunkOnly = "@@ -1,2 +1,2 @@\n-a\n+b\n c";
    expect(parseModelAnswer(answer({ summary: "s", codeDiff: hunkOnly }))).toMatchObject({ ok: true, proposal: { codeDiff: hunkOnly } });
  });

  it("refuses text that is not JSON, and an empty answer", () => {
    expect(parseModelAnswer("Sure! The fix is to raise the timeout.")).toEqual({ ok: false, failure: { code: "repair.answer_not_json", params: {} }, reason: "The model's answer was not valid JSON" });
    expect(parseModelAnswer("```json\n{ broken\n```")).toEqual({ ok: false, failure: { code: "repair.answer_not_json", params: {} }, reason: "The model's answer was not valid JSON" });
    expect(parseModelAnswer("  ")).toEqual({ ok: false, failure: { code: "repair.answer_empty", params: {} }, reason: "The model's answer was empty" });
  });

  it("refuses JSON of the wrong shape, naming what is wrong", () => {
    const missing = parseModelAnswer(answer({ summary: "" }));
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.failure.code).toBe("repair.answer_shape");
    expect(!missing.ok && missing.reason).toMatch(/^The model's answer did not have the expected \{summary, codeDiff\} shape \(summary: .*; codeDiff: /);
    expect(parseModelAnswer(answer(["a list"])).ok).toBe(false);
  });

  it("refuses a codeDiff that is not a unified diff", () => {
    expect(parseModelAnswer(answer({ summary: "s", codeDiff: "Change the timeout to 5000 in login-form.tsx" }))).toEqual({
      ok: false,
      failure: { code: "repair.answer_not_diff", params: {} },
      reason: "The model's codeDiff was not a unified diff",
    });
  });
});
