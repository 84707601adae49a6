import type { AiRepairLog, Issue } from "@contract/issues";
import type { AiConfig } from "../../../config";
import type { Database } from "../../../db/client";
import { endpointHost, requestChatCompletion } from "./chat-completions";
import { parseModelAnswer } from "./model-answer";
import { RepairAttemptError } from "./repair-attempt-error";
import { buildRepairPrompt } from "./repair-prompt";
import { referenceTitle } from "./reference-title";
import { relatedApprovedIssues, relatedKnowledgeArticles } from "./retrieval.data";
import { retrievalOnlySummary } from "./retrieval-only-summary";

/**
 * A repair proposal for an open issue: earlier approved fixes and knowledge-base articles ranked by similarity, then (when a model is configured)
 * the model's validated answer with that context. Without a model the proposal says so and changes no code.
 * Throws RepairAttemptError when the model fails or answers something invalid.
 */
export async function buildRepairProposal(db: Database, ai: AiConfig | undefined, issue: Issue): Promise<AiRepairLog> {
  const related = await relatedApprovedIssues(db, issue.description, issue.id);
  const articles = await relatedKnowledgeArticles(db, issue.description);
  const references = [
    ...related.map((r) => ({ kind: "issue" as const, id: r.id, title: referenceTitle(r.description), score: r.score })),
    ...articles.map((a) => ({ kind: "knowledge" as const, id: a.id, title: a.title, score: a.score })),
  ];
  if (!ai) {
    return {
      summary: retrievalOnlySummary(related, articles),
      codeDiff: "",
      timestamp: new Date().toISOString(),
      source: { kind: "retrieval", model: null, endpoint: null },
      references,
    };
  }
  const content = await requestChatCompletion(
    ai,
    // An open issue's notes can only come from a rejected proposal: approval is final.
    buildRepairPrompt({ issueId: issue.id, description: issue.description, screenshotUrl: issue.screenshotUrl, related, articles, rejectionNotes: issue.manualNotes }),
  );
  const answer = parseModelAnswer(content);
  if (!answer.ok) throw new RepairAttemptError(answer.failure);
  return {
    ...answer.proposal,
    timestamp: new Date().toISOString(),
    source: { kind: "model", model: ai.model, endpoint: endpointHost(ai) },
    references,
  };
}
