import { referenceTitle } from "./reference-title";
import type { RelatedArticle, RelatedIssue } from "./retrieval.data";

export const NO_MODEL_NOTICE =
  "No AI model is configured (set AI_BASE_URL and AI_MODEL), so no change is proposed for this issue.";

/**
 * The summary of a proposal made without a model. It says so first, then names the related earlier fixes as
 * references only: their diffs and summaries belong to other issues, and showing them here would invite approving
 * another issue's change as this one's. With nothing related it says that plainly.
 */
export function retrievalOnlySummary(related: RelatedIssue[], articles: RelatedArticle[] = []): string {
  const knowledge = articles.length === 0 ? "" : ` ${articleLine(articles)}`;
  if (related.length === 0) return `${NO_MODEL_NOTICE} No earlier approved fix is related to this issue.${knowledge}`;
  const found = related.length === 1 ? "1 earlier approved fix is" : `${related.length} earlier approved fixes are`;
  const list = related.map((r) => `#${r.id} "${referenceTitle(r.description)}" (${Math.round(r.score * 100)}% of the words in common)`);
  return `${NO_MODEL_NOTICE} ${found} related and may help a person fix it by hand (references only, not a change for this issue): ${list.join("; ")}.${knowledge}`;
}

/** The knowledge-base articles that look related, cited by id, title and version. */
function articleLine(articles: RelatedArticle[]): string {
  const found = articles.length === 1 ? "1 knowledge-base article looks" : `${articles.length} knowledge-base articles look`;
  return `${found} related: ${articles.map((a) => `[KB-${a.id}] "${a.title}" (version ${a.version})`).join("; ")}.`;
}
