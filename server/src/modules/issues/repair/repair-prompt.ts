import type { RelatedArticle, RelatedIssue } from "./retrieval.data";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface RepairPromptInput {
  issueId: number;
  description: string;
  screenshotUrl: string | null;
  related: RelatedIssue[];
  /** Knowledge-base articles that look related (none when the knowledge base has nothing on it). */
  articles?: RelatedArticle[];
  /** Notes a reviewer left when rejecting an earlier proposal for this same issue. */
  rejectionNotes: string | null;
}

// Context is there to guide, not to fill the model's window: each earlier fix is clipped.
const RELATED_DESCRIPTION_MAX = 1_000;
const RELATED_TEXT_MAX = 2_000;
const RELATED_DIFF_MAX = 4_000;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}\n[… cut]`);

const SYSTEM = [
  "You help the engineers of Leadwell, an internal CRM (TypeScript; Fastify, zod and Drizzle on PostgreSQL; a React client), fix technical issues that staff report.",
  "Your proposal is read by a person who decides whether to apply it; nothing you write is applied automatically.",
  'Answer with one JSON object and nothing else: {"summary": string, "codeDiff": string}.',
  "summary: what is probably wrong and how to fix it, in plain words, at most a few short paragraphs.",
  "codeDiff: the change as a unified diff (--- a/path, +++ b/path, @@ hunks), or an empty string when no code change applies or you cannot tell which file to change. Prefer an empty codeDiff to a guessed one.",
  "Earlier approved fixes are given as context when they look related; reuse them only where they really apply.",
  "Knowledge-base articles may be given too: when your proposal relies on one, cite it in the summary as [KB-<id>].",
].join("\n");

const ARTICLE_BODY_MAX = 3_000;

function articlesSection(articles: RelatedArticle[]): string | null {
  if (articles.length === 0) return null;
  const blocks = articles.map((a) => `### [KB-${a.id}] ${a.title} (version ${a.version}, similarity ${a.score})\n${clip(a.body, ARTICLE_BODY_MAX)}`);
  return `Knowledge-base articles that look related (closest first):\n\n${blocks.join("\n\n")}`;
}

function relatedSection(related: RelatedIssue[]): string {
  if (related.length === 0) return "No earlier approved fix looks related.";
  const blocks = related.map((r) => {
    const lines = [`### Issue #${r.id} (similarity ${r.score})`, `Description: ${clip(r.description, RELATED_DESCRIPTION_MAX)}`];
    // A retrieval-only summary says no model wrote it: it carries no fix.
    if (r.proposedBy === "model" && r.summary) lines.push(`Approved proposal: ${clip(r.summary, RELATED_TEXT_MAX)}`);
    if (r.reviewerNotes) lines.push(`Reviewer's notes: ${clip(r.reviewerNotes, RELATED_TEXT_MAX)}`);
    if (r.codeDiff) lines.push(`Code change:\n${clip(r.codeDiff, RELATED_DIFF_MAX)}`);
    return lines.join("\n");
  });
  return `Earlier approved fixes that look related (closest first):\n\n${blocks.join("\n\n")}`;
}

/** The chat messages asking a model for a repair proposal: the issue, its screenshot link and the retrieved context. */
export function buildRepairPrompt(input: RepairPromptInput): ChatMessage[] {
  const sections = [
    `Technical issue #${input.issueId}\nDescription:\n${input.description}`,
    input.screenshotUrl
      ? `Screenshot: ${input.screenshotUrl} (a link the reporter gave; you may not be able to open it)`
      : "Screenshot: none given",
  ];
  if (input.rejectionNotes) sections.push(`A reviewer rejected an earlier proposal for this issue, noting: ${clip(input.rejectionNotes, RELATED_TEXT_MAX)}`);
  sections.push(relatedSection(input.related));
  const knowledge = articlesSection(input.articles ?? []);
  if (knowledge) sections.push(knowledge);
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: sections.join("\n\n") },
  ];
}
