import { referenceTitle } from "./reference-title";
import type { RelatedIssue } from "./retrieval.data";

export const NO_MODEL_NOTICE = "No AI model is configured (set AI_BASE_URL and AI_MODEL), so this proposal was not written by a model.";

/**
 * The summary of a proposal made without a model: it says so first, then lists what retrieval found and shows what
 * was approved for the closest one. Its diff stays in the text, for a person to judge, never in codeDiff.
 */
export function retrievalOnlySummary(related: RelatedIssue[]): string {
  const [closest] = related;
  if (!closest) return `${NO_MODEL_NOTICE} Retrieval found nothing related among the earlier approved fixes.`;
  const found =
    related.length === 1 ? "1 earlier approved fix that looks related" : `${related.length} earlier approved fixes that look related`;
  const list = related.map((r) => `#${r.id} "${referenceTitle(r.description)}"`).join("; ");
  const parts = [`${NO_MODEL_NOTICE} Retrieval found ${found}: ${list}.`];

  const details: string[] = [];
  // A retrieval-only summary of the earlier issue would only repeat this boilerplate: show a model's summary alone.
  if (closest.proposedBy === "model" && closest.summary) details.push(`Approved proposal: ${closest.summary}`);
  if (closest.reviewerNotes) details.push(`Reviewer's notes: ${closest.reviewerNotes}`);
  if (closest.codeDiff) details.push(`Its code change, for a person to judge (nothing is applied):\n${closest.codeDiff}`);
  if (details.length > 0) parts.push(`Closest: #${closest.id}.\n${details.join("\n")}`);
  return parts.join("\n\n");
}
