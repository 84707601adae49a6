import { sql, type SQL } from "drizzle-orm";
import { SEARCH_GROUP_LIMIT, type SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { allWordsOccur, sampledCountCte, SEARCH_COUNT_CAP, searchCondition, searchUsesTrigrams, searchWords } from "../../db/queries/lead-search";
import { affiliates, technicalIssues } from "../../db/schema";
import { escapeLike } from "../../lib/like-pattern";
import { rawRows } from "../../db/raw-rows";

/** Every group of the global search, each ranked and capped at SEARCH_GROUP_LIMIT, with how many match. */
export interface SearchGroups {
  leads: SearchResult["leads"];
  /** Matches counted up to SEARCH_COUNT_CAP + 1. */
  leadsMatched: number;
  affiliates: SearchResult["affiliates"];
  affiliatesMatched: number;
  issues: SearchResult["issues"];
  issuesMatched: number;
}

// Trigram similarity costs tens of microseconds a row under load: it orders only this many candidates, picked by
// tier and then by the shortest search text (for a term found in it, similarity falls as the text grows).
const SIMILARITY_CANDIDATES = 20;

/**
 * The affiliate group as two scalar subqueries, read in the search's one statement: up to `limit` affiliates as a
 * JSON array (closest name, email or code first by trigram similarity, then the oldest), and how many match.
 */
function affiliateGroupSql(q: string, limit: number): { items: SQL; total: SQL } {
  const folded = sql`lw_fold(${affiliates.name} || ' ' || ${affiliates.email} || ' ' || ${affiliates.uniqueCode})`;
  const where = sql`${folded} LIKE '%' || lw_fold(${escapeLike(q)}) || '%'`;
  return {
    items: sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT ${affiliates.id}, ${affiliates.name}, ${affiliates.email}, ${affiliates.uniqueCode}, similarity(${folded}, lw_fold(${q})) AS lw_similarity
            FROM ${affiliates} WHERE ${where} ORDER BY lw_similarity DESC, ${affiliates.id} LIMIT ${limit}) best)`,
    total: sql`(SELECT count(*)::int FROM ${affiliates} WHERE ${where})`,
  };
}

/**
 * The issue group as two scalar subqueries, read in the search's one statement: up to `limit` issues as a JSON
 * array of search results (the closest descriptions first by trigram similarity, then the newest), and how many match.
 */
function issueGroupSql(q: string, limit: number): { items: SQL; total: SQL } {
  // The Technical Issues list's search filter: the folded description (search_text) holds the term.
  const where = sql`${technicalIssues.searchText} LIKE '%' || lw_fold(${escapeLike(q)}) || '%'`;
  const createdAt = sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return {
    items: sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', ${createdAt},
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT ${technicalIssues.id}, ${technicalIssues.description}, ${technicalIssues.status}, ${technicalIssues.createdAt},
                   ${technicalIssues.screenshotUrl}, ${technicalIssues.aiRepairLog}, similarity(${technicalIssues.searchText}, lw_fold(${q})) AS lw_similarity
            FROM ${technicalIssues} WHERE ${where} ORDER BY lw_similarity DESC, ${technicalIssues.id} DESC LIMIT ${limit}) best)`,
    total: sql`(SELECT count(*)::int FROM ${technicalIssues} WHERE ${where})`,
  };
}

interface SearchRow {
  leads_matched: number;
  leads: string;
  affiliates: string;
  affiliates_matched: number;
  issues: string;
  issues_matched: number;
}

/**
 * Every group in one statement, each list already JSON. Leads: the best leads for a search and how many match,
 * from one set of matches read through the search indexes up to the count's cap, so a term that matches half
 * the table costs about the same as a rare one. Order: business names starting with the search (found through
 * the name index, even outside that set), then leads whose business or owner names hold every word, then the
 * rest; within a tier by trigram similarity (over a bounded number of candidates), newest first on ties.
 *
 * When the name index alone fills the list, the other tiers cannot reach it: the set of matches is then only
 * counted, first among the sampled leads (see sampledCountCte), which settles the count of a common word
 * without reading its matches. Affiliates and issues: trigram similarity, with their full counts.
 */
export async function searchGroups(db: Database, q: string): Promise<SearchGroups> {
  const words = searchWords(q);
  const phrase = words.length ? words.join(" ") : q;
  const matching = searchCondition(q);
  // search_text is the folded business name, first and last names, email and phone, in that order, and an
  // email holds no space: what precedes " email" is the names, already folded.
  const names = sql`left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0))`;
  const prefixFull = sql`(SELECT count(*) FROM prefix) >= ${SEARCH_GROUP_LIMIT}`;
  const affiliateGroup = affiliateGroupSql(q, SEARCH_GROUP_LIMIT);
  const issueGroup = issueGroupSql(q, SEARCH_GROUP_LIMIT);
  // The folded phrase is written out in each clause rather than read from a CTE: only an expression of the
  // parameter is a constant at plan time, which the index needs to use the LIKE prefix. Conditions made only of
  // CTE results are one-time filters: a scan they rule out never starts.
  const [row] = await rawRows<SearchRow>(db, sql`
    WITH prefix AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold(${escapeLike(phrase)}) || '%' AND ${matching}
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT ${SEARCH_GROUP_LIMIT}
    ),
    ${searchUsesTrigrams(q) ? sampledCountCte(matching, prefixFull) : sql`sampled AS (SELECT 0 AS n)`},
    matches AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE (SELECT n FROM sampled) <= ${SEARCH_COUNT_CAP} AND ${matching} LIMIT ${SEARCH_COUNT_CAP + 1}
    ),
    candidates AS (
      SELECT * FROM (
        SELECT *, 0 AS tier FROM prefix
        UNION ALL
        SELECT *, CASE WHEN ${allWordsOccur(names, words.length ? words : [q])} THEN 1 ELSE 2 END
        FROM matches WHERE NOT ${prefixFull} AND id NOT IN (SELECT id FROM prefix)
      ) tiered
      ORDER BY tier, length(search_text), id DESC
      LIMIT ${SIMILARITY_CANDIDATES}
    ),
    ranked AS (
      SELECT id, business_name, email,
             row_number() OVER (ORDER BY tier, similarity(search_text, lw_fold(${phrase})) DESC, id DESC) AS lw_rank
      FROM candidates
    )
    SELECT CASE WHEN (SELECT n FROM sampled) > ${SEARCH_COUNT_CAP} THEN ${SEARCH_COUNT_CAP + 1} ELSE (SELECT count(*)::int FROM matches) END AS leads_matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email) ORDER BY lw_rank), '[]')::text
            FROM ranked WHERE lw_rank <= ${SEARCH_GROUP_LIMIT}) AS leads,
           ${affiliateGroup.items} AS affiliates, ${affiliateGroup.total} AS affiliates_matched,
           ${issueGroup.items} AS issues, ${issueGroup.total} AS issues_matched`, { prepared: true });
  if (!row) return { leads: [], leadsMatched: 0, affiliates: [], affiliatesMatched: 0, issues: [], issuesMatched: 0 };
  return {
    leads: JSON.parse(row.leads) as SearchResult["leads"],
    leadsMatched: row.leads_matched,
    affiliates: JSON.parse(row.affiliates) as SearchResult["affiliates"],
    affiliatesMatched: row.affiliates_matched,
    issues: JSON.parse(row.issues) as SearchResult["issues"],
    issuesMatched: row.issues_matched,
  };
}
