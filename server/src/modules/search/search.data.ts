import { sql } from "drizzle-orm";
import { SEARCH_GROUP_LIMIT, type SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { allWordsOccur, SEARCH_COUNT_CAP, searchCondition, searchWords } from "../leads/leads.data";
import { escapeLike } from "../../lib/like-pattern";

export interface LeadGroup {
  leads: SearchResult["leads"];
  /** Matches counted up to SEARCH_COUNT_CAP + 1. */
  matched: number;
}

// Trigram similarity costs tens of microseconds a row under load: it orders only this many candidates, picked by
// tier and then by the shortest search text (for a term found in it, similarity falls as the text grows).
const SIMILARITY_CANDIDATES = 20;

/**
 * The best leads for a search and how many match, from one set of matches read through the search indexes up
 * to the count's cap, so a term that matches half the table costs about the same as a rare one. Order: business
 * names starting with the search (found through the name index, even outside that set), then leads whose
 * business or owner names hold every word, then the rest; within a tier by trigram similarity (over a bounded
 * number of candidates), newest first on ties.
 */
export async function searchLeadGroup(db: Database, q: string): Promise<LeadGroup> {
  const words = searchWords(q);
  const phrase = words.length ? words.join(" ") : q;
  const matching = searchCondition(q);
  // search_text is the folded business name, first and last names, email and phone, in that order, and an
  // email holds no space: what precedes " email" is the names, already folded.
  const names = sql`left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0))`;
  // The folded phrase is written out in each clause rather than read from a CTE: only an expression of the
  // parameter is a constant at plan time, which the index needs to use the LIKE prefix.
  const result = await db.execute(sql`
    WITH matches AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads WHERE ${matching} LIMIT ${SEARCH_COUNT_CAP + 1}
    ),
    prefix AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold(${escapeLike(phrase)}) || '%' AND ${matching}
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT ${SEARCH_GROUP_LIMIT}
    ),
    candidates AS (
      SELECT * FROM (
        SELECT *, 0 AS tier FROM prefix
        UNION ALL
        SELECT *, CASE WHEN ${allWordsOccur(names, words.length ? words : [q])} THEN 1 ELSE 2 END
        FROM matches WHERE id NOT IN (SELECT id FROM prefix)
      ) tiered
      ORDER BY tier, length(search_text), id DESC
      LIMIT ${SIMILARITY_CANDIDATES}
    ),
    ranked AS (
      SELECT id, business_name, email,
             row_number() OVER (ORDER BY tier, similarity(search_text, lw_fold(${phrase})) DESC, id DESC) AS lw_rank
      FROM candidates
    )
    SELECT (SELECT count(*)::int FROM matches) AS matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email) ORDER BY lw_rank), '[]')::text
            FROM ranked WHERE lw_rank <= ${SEARCH_GROUP_LIMIT}) AS leads`);
  const [row] = (result as unknown as { rows: { matched: number; leads: string }[] }).rows;
  return { leads: row ? (JSON.parse(row.leads) as SearchResult["leads"]) : [], matched: row?.matched ?? 0 };
}
