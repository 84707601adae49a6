import type { z } from "zod";
import { englishErrorMessage } from "@contract/error-codes";
import { modelProposalSchema } from "@contract/issues";
import { englishText, repairFailureMessages, type RepairFailureMessage } from "@contract/server-messages";

export type ModelProposal = z.output<typeof modelProposalSchema>;

/** A refusal carries its reason as a code with params (the reviewer's language) and in English. */
export type ModelAnswer = { ok: true; proposal: ModelProposal } | { ok: false; failure: RepairFailureMessage; reason: string };

const refuse = (failure: RepairFailureMessage): ModelAnswer => ({ ok: false, failure, reason: englishText(repairFailureMessages[failure.code], failure.params) });

// Models asked for JSON still sometimes wrap it in a Markdown fence, with or without words around it.
const FENCED = /```[ \t]*(?:json)?[ \t]*\r?\n([\s\S]*?)```/i;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A unified diff names the old and new file (---/+++) or has at least one hunk header (@@ -a,b +c,d @@). */
const looksLikeUnifiedDiff = (diff: string) => (/^--- \S/m.test(diff) && /^\+\+\+ \S/m.test(diff)) || /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@/m.test(diff);

/**
 * Reads the model's message content as {summary, codeDiff}: JSON, possibly inside a ```json fence. The reason of a
 * refusal is meant for the person reviewing the issue, since it ends up in the issue's failure when retries run out.
 */
export function parseModelAnswer(content: string): ModelAnswer {
  const trimmed = content.trim();
  if (trimmed === "") return refuse({ code: "repair.answer_empty", params: {} });
  let value = parseJson(trimmed);
  if (value === undefined) {
    const fenced = FENCED.exec(trimmed)?.[1];
    value = fenced === undefined ? undefined : parseJson(fenced.trim());
  }
  if (value === undefined) return refuse({ code: "repair.answer_not_json", params: {} });
  const parsed = modelProposalSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${englishErrorMessage(i.message)}`).join("; ");
    return refuse({ code: "repair.answer_shape", params: { problems } });
  }
  const codeDiff = parsed.data.codeDiff.trim() === "" ? "" : parsed.data.codeDiff;
  if (codeDiff !== "" && !looksLikeUnifiedDiff(codeDiff)) {
    return refuse({ code: "repair.answer_not_diff", params: {} });
  }
  return { ok: true, proposal: { summary: parsed.data.summary, codeDiff } };
}
