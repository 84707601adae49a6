import { referenceTitle } from "./reference-title";
import type { RelatedIssue } from "./retrieval.data";

export const NO_MODEL_NOTICE =
  "No AI model is configured (set AI_BASE_URL and AI_MODEL), so no change is proposed for this issue.";

/**
 * The summary of a proposal made without a model. It says so first, then names the related earlier fixes as
 * references only: their diffs and summaries belong to other issues, and showing them here would invite approving
 * another issue's change as this one's. With nothing related it says that plainly.
 */
export function retrievalOnlySummary(related: RelatedIssue[]): string {
  if (related.length === 0) return `${NO_MODEL_NOTICE} No earlier approved fix is related to this issue.`;
  const found = related.length === 1 ? "1 earlier approved fix is" : `${related.length} earlier approved fixes are`;
  const list = related.map((r) => `#${r.id} "${referenceTitle(r.description)}" (${Math.round(r.score * 100)}% of the words in common)`);
  return `${NO_MODEL_NOTICE} ${found} related and may help a person fix it by hand (references only, not a change for this issue): ${list.join("; ")}.`;
}
