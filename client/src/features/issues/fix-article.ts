import type { Issue } from "@contract/issues";

/*
 * "Save as article" (issue 14.9): an approved fix written up as a knowledge-base article, so the next similar issue
 * finds it through the knowledge base too. Pure, so the article's shape is tested without a browser.
 */

const TITLE_MAX = 120;
/** The body's limit is 50,000 characters: the diff gets what the rest leaves. */
const DIFF_MAX = 40_000;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A fence longer than any run of backticks in the text, so a diff holding ``` cannot close it early. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

export interface FixArticle {
  title: string;
  body: string;
  tags: string[];
  author: string | null;
}

export function articleFromApprovedFix(issue: Issue, approvedOn: string | null): FixArticle {
  const line = oneLine(issue.description);
  const title = `Fix: ${line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`}`;
  const log = issue.aiRepairLog;
  const sections = [`## Problem\n\n${issue.description.trim()}`];
  // A retrieval-only summary only says that no model was configured: it is not a fix.
  if (log?.source.kind === "model" && log.summary.trim()) sections.push(`## Fix\n\n${log.summary.trim()}`);
  if (issue.manualNotes?.trim()) sections.push(`## Reviewer's notes\n\n${issue.manualNotes.trim()}`);
  if (log?.codeDiff) {
    const diff = log.codeDiff.length <= DIFF_MAX ? log.codeDiff : `${log.codeDiff.slice(0, DIFF_MAX)}\n[… cut]`;
    sections.push(`## Code change\n\n${fenced(diff, "diff")}`);
  }
  const approved = [issue.reviewedBy ? `by ${issue.reviewedBy}` : null, approvedOn ? `on ${approvedOn}` : null].filter(Boolean).join(" ");
  sections.push(`_From approved issue #${issue.id}${approved ? `, approved ${approved}` : ""}._`);
  return { title, body: sections.join("\n\n"), tags: ["fix", `issue-${issue.id}`], author: issue.reviewedBy };
}
