import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { knowledgeArticlesSharingWords } from "../../../db/queries/knowledge-search";
import { rawRows } from "../../../db/raw-rows";
import { anyWordQuery } from "./any-word-query";

export const RELATED_ISSUE_LIMIT = 5;

/** An earlier approved issue that shares words with a new one, with what was approved for it. */
export interface RelatedIssue {
  id: number;
  description: string;
  /** The approved proposal's summary and diff ("" when it changed no code). */
  summary: string | null;
  codeDiff: string;
  /** Who wrote that proposal: a model, or retrieval alone (then its summary is boilerplate, not a fix). */
  proposedBy: "model" | "retrieval" | null;
  reviewerNotes: string | null;
  /** The share of the new description's words that the earlier issue also has (0 to 1; at least MIN_RELEVANCE). */
  score: number;
}

/**
 * The least share of the new description's words (stemmed, stop words left out) that an earlier issue must also have
 * to count as related. Below it a match is a coincidence of one or two common words ("error", "page"), and showing it
 * beside a new issue misleads more than it helps.
 */
export const MIN_RELEVANCE = 0.34;

/** How many ranked candidates are weighed before the floor applies (the partial GIN index finds them). */
const CANDIDATES = 50;

interface RelatedRow {
  id: number;
  description: string;
  summary: string | null;
  code_diff: string | null;
  proposed_by: string | null;
  manual_notes: string | null;
  score: number;
}

/**
 * The approved issues that share at least MIN_RELEVANCE of the new description's words, closest first. Candidates
 * come from the stored context_vector (description, approved summary, reviewer notes) through the partial GIN
 * index on approved issues; `score` is the share of the description's words each one has (0 to 1).
 */
export async function relatedApprovedIssues(db: Database, description: string, excludeId: number, limit = RELATED_ISSUE_LIMIT): Promise<RelatedIssue[]> {
  const words = anyWordQuery(description);
  if (words === "") return [];
  const rows = await rawRows<RelatedRow>(db, sql`
    WITH q AS (
      SELECT to_tsquery('english', ${words}) AS query,
             tsvector_to_array(to_tsvector('english', replace(${words}, ' | ', ' '))) AS lexemes
    ), candidates AS (
      SELECT i.id, i.description, i.ai_repair_log, i.manual_notes, i.context_vector, ts_rank(i.context_vector, q.query) AS rank
      FROM technical_issues i, q
      WHERE i.status = 'approved' AND i.context_vector @@ q.query AND i.id <> ${excludeId}
      ORDER BY rank DESC, i.id DESC
      LIMIT ${CANDIDATES}
    ), scored AS (
      SELECT c.*, (
        SELECT count(*) FROM unnest(tsvector_to_array(c.context_vector)) AS l(lexeme) WHERE l.lexeme = ANY(q.lexemes)
      )::float8 / greatest(cardinality(q.lexemes), 1) AS overlap
      FROM candidates c, q
    )
    SELECT id, description, ai_repair_log ->> 'summary' AS summary, ai_repair_log ->> 'codeDiff' AS code_diff,
           ai_repair_log -> 'source' ->> 'kind' AS proposed_by, manual_notes,
           round(overlap::numeric, 2)::float8 AS score
    FROM scored
    WHERE overlap >= ${MIN_RELEVANCE}
    ORDER BY overlap DESC, rank DESC, id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    summary: r.summary,
    codeDiff: r.code_diff ?? "",
    proposedBy: r.proposed_by === "model" || r.proposed_by === "retrieval" ? r.proposed_by : null,
    reviewerNotes: r.manual_notes,
    score: Number(r.score),
  }));
}

export const RELATED_ARTICLE_LIMIT = 3;

/** A knowledge-base article that shares words with a new issue (issue 14.9): cited by the proposal. */
export interface RelatedArticle {
  id: number;
  title: string;
  version: string;
  body: string;
  /** The share of the description's words the article's title and body also have (0 to 1; at least MIN_RELEVANCE). */
  score: number;
}

/**
 * The knowledge-base articles that share at least MIN_RELEVANCE of the new description's words, closest first,
 * through the full-text query the Innovation page's search also uses (db/queries/knowledge-search.ts).
 */
export async function relatedKnowledgeArticles(db: Database, description: string, limit = RELATED_ARTICLE_LIMIT): Promise<RelatedArticle[]> {
  const matches = await knowledgeArticlesSharingWords(db, anyWordQuery(description), MIN_RELEVANCE, limit);
  return matches.map(({ id, title, version, body, overlap }) => ({ id, title, version, body, score: overlap }));
}
