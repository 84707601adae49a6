import { sql, type SQL } from "drizzle-orm";
import { SEARCH_GROUP_LIMIT, type SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { allWordsOccur, SEARCH_COUNT_CAP, searchCondition, searchStatement, searchTotal, searchWords } from "../../db/queries/lead-search";
import { affiliates, leads, technicalIssues } from "../../db/schema";
import { escapeLike } from "../../lib/like-pattern";
import { rawRows } from "../../db/raw-rows";
import { foldedOnce, foldTerm } from "../../db/fold";

/** Every group of the global search, each ranked and capped at SEARCH_GROUP_LIMIT, with how many match. */
export interface SearchGroups {
  leads: SearchResult["leads"];
  /** How many leads match: exact up to SEARCH_COUNT_CAP, estimated past it (see searchTotal). */
  leadsTotal: number;
  affiliates: SearchResult["affiliates"];
  affiliatesMatched: number;
  issues: SearchResult["issues"];
  issuesMatched: number;
}

// Trigram similarity costs tens of microseconds a row under load: it orders only this many candidates, picked by
// tier and then by the shortest search text (for a term found in it, similarity falls as the text grows).
const SIMILARITY_CANDIDATES = 20;

/**
 * A LIKE pattern for the folded term anywhere, computed once per execution: the statement holding it is planned once
 * per connection, and a plan for any term would otherwise fold the term again for every row it tests.
 */
const containing = (q: string) => sql`(SELECT '%' || ${foldTerm(escapeLike(q))} || '%')`;

/**
 * The affiliate group as two scalar subqueries: up to `limit` affiliates as a
 * JSON array (closest name, email or code first by trigram similarity, then the oldest), and how many match.
 */
function affiliateGroupSql(q: string, limit: number): { items: SQL; total: SQL } {
  const folded = sql`lw_fold(${affiliates.name} || ' ' || ${affiliates.email} || ' ' || ${affiliates.uniqueCode})`;
  const where = sql`${folded} LIKE ${containing(q)}`;
  return {
    items: sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT ${affiliates.id}, ${affiliates.name}, ${affiliates.email}, ${affiliates.uniqueCode}, similarity(${folded}, ${foldedOnce(q)}) AS lw_similarity
            FROM ${affiliates} WHERE ${where} ORDER BY lw_similarity DESC, ${affiliates.id} LIMIT ${limit}) best)`,
    total: sql`(SELECT count(*)::int FROM ${affiliates} WHERE ${where})`,
  };
}

/**
 * The issue group as two scalar subqueries: up to `limit` issues as a JSON
 * array of search results (the closest descriptions first by trigram similarity, then the newest), and how many match.
 */
function issueGroupSql(q: string, limit: number): { items: SQL; total: SQL } {
  // The Technical Issues list's search filter: the folded description (search_text) holds the term.
  const where = sql`${technicalIssues.searchText} LIKE ${containing(q)}`;
  const createdAt = sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return {
    items: sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', ${createdAt},
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT ${technicalIssues.id}, ${technicalIssues.description}, ${technicalIssues.status}, ${technicalIssues.createdAt},
                   ${technicalIssues.screenshotUrl}, ${technicalIssues.aiRepairLog}, similarity(${technicalIssues.searchText}, ${foldedOnce(q)}) AS lw_similarity
            FROM ${technicalIssues} WHERE ${where} ORDER BY lw_similarity DESC, ${technicalIssues.id} DESC LIMIT ${limit}) best)`,
    total: sql`(SELECT count(*)::int FROM ${technicalIssues} WHERE ${where})`,
  };
}

/**
 * The affiliate and issue groups in one statement, each list already JSON. Its text never varies with the term, so
 * each connection prepares it once; both tables are small next to leads.
 */
async function otherGroups(db: Database, q: string) {
  const affiliateGroup = affiliateGroupSql(q, SEARCH_GROUP_LIMIT);
  const issueGroup = issueGroupSql(q, SEARCH_GROUP_LIMIT);
  const [row] = await rawRows<{ affiliates: string; affiliates_matched: number; issues: string; issues_matched: number }>(
    db,
    sql`SELECT ${affiliateGroup.items} AS affiliates, ${affiliateGroup.total} AS affiliates_matched,
               ${issueGroup.items} AS issues, ${issueGroup.total} AS issues_matched`,
    { prepared: true },
  );
  return {
    affiliates: JSON.parse(row?.affiliates ?? "[]") as SearchResult["affiliates"],
    affiliatesMatched: row?.affiliates_matched ?? 0,
    issues: JSON.parse(row?.issues ?? "[]") as SearchResult["issues"],
    issuesMatched: row?.issues_matched ?? 0,
  };
}

interface RankedLead {
  id: number;
  businessName: string;
  email: string;
  /** Trigram similarity of the lead's search text to the search. */
  similarity: number;
}

const byCloseness = (a: RankedLead, b: RankedLead) => b.similarity - a.similarity || b.id - a.id;

/**
 * The leads group: the best leads for a search and how many match. Order: business names starting with the search
 * (found through the name index), then leads whose business or owner names hold every word, then the rest; within a
 * tier by trigram similarity (over a bounded number of candidates), newest first on ties.
 *
 * Business names first: when they alone fill the list, the other tiers cannot reach it and the matches are only
 * counted (searchTotal: a common word's total is estimated from the sampled leads without reading its matches).
 * Otherwise one statement reads the matches up to the count's cap, ranks the rest of the list from them, and counts
 * them. Each is a small statement planned with its values: one statement holding every branch cost more to plan
 * than the round trips.
 */
async function leadGroup(db: Database, q: string): Promise<{ leads: SearchResult["leads"]; total: number }> {
  const words = searchWords(q);
  const phrase = words.length ? words.join(" ") : q;
  const matching = searchCondition(q);
  const folded = foldTerm(phrase);
  const statement = searchStatement(q);
  // The business names starting with the phrase, as a range of the name index from the folded phrase to the same
  // followed by the last code point (in the "C" collation every name starting with it sorts between the two). The
  // bounds are values of the execution, and the LIMIT a number (see walkLimit), so the statement is planned once per
  // connection; a LIKE prefix needs its pattern at plan time and was planned on every run. Every word of the phrase occurs in such a name, so each is a
  // match of the search.
  const foldedPhrase = foldedOnce(phrase);
  const prefix = (
    await rawRows<RankedLead>(
      db,
      sql`SELECT id, business_name AS "businessName", email, similarity(search_text, ${foldedPhrase}) AS similarity FROM ${leads}
          WHERE lw_fold(business_name) COLLATE "C" >= ${foldedPhrase} AND lw_fold(business_name) COLLATE "C" < (SELECT ${folded} || chr(1114111))
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT ${sql.raw(String(SEARCH_GROUP_LIMIT))}`,
      statement,
    )
  ).sort(byCloseness);
  const shown = (list: RankedLead[]) => list.map(({ id, businessName, email }) => ({ id, businessName, email }));
  if (prefix.length >= SEARCH_GROUP_LIMIT) return { leads: shown(prefix), total: (await searchTotal(db, q, matching, statement)).total };

  // search_text is the folded business name, first and last names, email and phone, in that order, and an email holds
  // no space: what precedes " email" is the names, already folded. Cut once a match (OFFSET 0 keeps the planner from
  // writing the cut into every word's test), then tested word by word.
  const names = sql`left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0))`;
  const prefixIds = `{${prefix.map((lead) => lead.id).join(",")}}`;
  const [row] = await rawRows<{ matched: number; leads: string }>(
    db,
    sql`WITH matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM ${leads} WHERE ${matching} LIMIT ${SEARCH_COUNT_CAP + 1}
        ),
        candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN ${allWordsOccur(sql`lw_names`, words.length ? words : [q], false)} THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, ${names} AS lw_names FROM matches WHERE id <> ALL(${prefixIds}::int[]) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT ${SIMILARITY_CANDIDATES - prefix.length}
        )
        SELECT (SELECT count(*)::int FROM matches) AS matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity)
                                ORDER BY tier, lw_similarity DESC, id DESC), '[]')::text
                FROM (SELECT *, similarity(search_text, ${foldedPhrase}) AS lw_similarity FROM candidates) ranked) AS leads`,
    statement,
  );
  const ranked = [...prefix, ...(JSON.parse(row?.leads ?? "[]") as RankedLead[])].slice(0, SEARCH_GROUP_LIMIT);
  const matched = row?.matched ?? 0;
  // Past the cap the matches were not all read: the sample estimates how many there are.
  const total = matched > SEARCH_COUNT_CAP ? (await searchTotal(db, q, matching, statement)).total : matched;
  return { leads: shown(ranked), total };
}

/**
 * Every group of the global search: leads (leadGroup) beside affiliates and issues (trigram similarity, with their
 * full counts), read at the same time.
 */
export async function searchGroups(db: Database, q: string): Promise<SearchGroups> {
  const [leadResult, others] = await Promise.all([leadGroup(db, q), otherGroups(db, q)]);
  return { leads: leadResult.leads, leadsTotal: leadResult.total, ...others };
}
