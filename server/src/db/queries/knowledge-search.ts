import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { rawRows } from "../raw-rows";
import { knowledgeArticles } from "../schema";

/*
 * Full-text search of the knowledge base, shared by the Innovation page (the Knowledge tab's search) and the issues
 * area (a repair proposal's retrieval). The document expression is the one the GIN index in migration 0023 is built
 * on: change both together or the index stops serving the search.
 */
const documentSql = sql.raw(`to_tsvector('english'::regconfig, "title" || ' ' || "body")`);

const EXCERPT_CHARS = 240;

export interface KnowledgeMatch {
  id: number;
  title: string;
  version: string;
  tags: string[];
  /** The start of the Markdown body, for a result line. */
  excerpt: string;
  body: string;
  /** ts_rank of the article against the query. */
  rank: number;
  /** The share of the query's distinct words (stemmed) that the article contains, 0 to 1. */
  overlap: number;
}

async function matching(db: Database, query: SQL, lexemes: SQL, minOverlap: number, limit: number): Promise<KnowledgeMatch[]> {
  const rows = await rawRows<Omit<KnowledgeMatch, "tags"> & { tags: string[] | null }>(
    db,
    sql`WITH q AS (SELECT ${query} AS query, ${lexemes} AS lexemes),
        candidates AS (
          SELECT id, title, version, tags, body, ${documentSql} AS doc, ts_rank(${documentSql}, q.query) AS rank
          FROM ${knowledgeArticles}, q
          WHERE ${documentSql} @@ q.query
          ORDER BY rank DESC, id DESC
          LIMIT 50
        ), scored AS (
          SELECT c.*, (SELECT count(*) FROM unnest(tsvector_to_array(c.doc)) AS l(lexeme) WHERE l.lexeme = ANY(q.lexemes))::float8
                      / greatest(cardinality(q.lexemes), 1) AS overlap
          FROM candidates c, q
        )
        SELECT id, title, version, tags, body, left(body, ${EXCERPT_CHARS}) AS excerpt,
               round(rank::numeric, 4)::float8 AS rank, round(overlap::numeric, 2)::float8 AS overlap
        FROM scored WHERE overlap >= ${minOverlap}
        ORDER BY overlap DESC, rank DESC, id DESC
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, tags: row.tags ?? [], rank: Number(row.rank), overlap: Number(row.overlap) }));
}

/** What a person typed in the search box (web-search syntax: words, "quoted phrases", -excluded), best first. */
export function searchKnowledgeArticles(db: Database, text: string, limit: number): Promise<KnowledgeMatch[]> {
  return matching(
    db,
    sql`websearch_to_tsquery('english', ${text})`,
    sql`tsvector_to_array(to_tsvector('english', ${text}))`,
    0,
    limit,
  );
}

/**
 * Articles sharing at least `minOverlap` of the words of `anyWords`, a to_tsquery text of words joined by " | " that
 * holds only letters and digits (the issues area builds it from a description).
 */
export function knowledgeArticlesSharingWords(db: Database, anyWords: string, minOverlap: number, limit: number): Promise<KnowledgeMatch[]> {
  if (anyWords === "") return Promise.resolve([]);
  return matching(
    db,
    sql`to_tsquery('english', ${anyWords})`,
    sql`tsvector_to_array(to_tsvector('english', replace(${anyWords}, ' | ', ' ')))`,
    minOverlap,
    limit,
  );
}
