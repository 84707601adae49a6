import { sql, type SQL } from "drizzle-orm";
import { SEARCH_GROUP_LIMIT, type SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import {
  allWordsOccur,
  cappedCount,
  countOrderFor,
  cappedTotal,
  estimateFromSample,
  sampleCount,
  sampleSettles,
  sampleSettlesIn,
  SEARCH_COUNT_CAP,
  searchCondition,
  searchStatement,
  searchUsesTrigrams,
  searchWords,
} from "../../db/queries/lead-search";
import { affiliates, knowledgeArticles, leadNotes, leads, tasks, technicalIssues } from "../../db/schema";
import { rawRows } from "../../db/raw-rows";
import { foldedContaining, foldedOnce, foldTerm } from "../../db/fold";
import { currentLeadScope, leadInScope } from "../../kernel/lead-scope";

/**
 * A record that may belong to a lead (a task) is found only when it belongs to no lead or to one within the request's
 * lead scope. Nothing is added for a caller who sees every lead, so their statement and its plan stay as they were.
 */
function leadOfRecordInScope(leadId: SQL): SQL {
  if (currentLeadScope().kind === "all") return sql`TRUE`;
  return sql`(${leadId} IS NULL OR EXISTS (SELECT 1 FROM ${leads} lw_l WHERE lw_l.id = ${leadId} AND ${leadInScope(sql`lw_l.assignee_id`)}))`;
}

/** Every group of the global search, each ranked and capped at SEARCH_GROUP_LIMIT, with how many match. */
export interface SearchGroups {
  leads: SearchResult["leads"];
  /** How many leads match: exact up to SEARCH_COUNT_CAP, estimated past it (see searchGroups). */
  leadsTotal: number;
  affiliates: SearchResult["affiliates"];
  affiliatesMatched: number;
  issues: SearchResult["issues"];
  issuesMatched: number;
  notes: SearchResult["notes"];
  notesMatched: number;
  tasks: SearchResult["tasks"];
  tasksMatched: number;
  articles: SearchResult["articles"];
  articlesMatched: number;
}

/** Which groups the caller may read beyond those every reader of the search may: the others are neither read nor counted. */
export interface SearchKinds {
  tasks: boolean;
  articles: boolean;
}

// Trigram similarity costs tens of microseconds a row under load: it orders only this many candidates, picked by
// tier and then by the shortest search text (for a term found in it, similarity falls as the text grows).
const SIMILARITY_CANDIDATES = 20;

/**
 * The affiliate group as two scalar subqueries: up to `limit` affiliates as a
 * JSON array (closest name, email or code first by trigram similarity, then the oldest), and how many match.
 */
function affiliateGroupSql(q: string, limit: number): { items: SQL; total: SQL } {
  const folded = sql`lw_fold(${affiliates.name} || ' ' || ${affiliates.email} || ' ' || ${affiliates.uniqueCode})`;
  const where = sql`${folded} LIKE ${foldedContaining(q)}`;
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
  const where = sql`${technicalIssues.searchText} LIKE ${foldedContaining(q)}`;
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
 * A group found by one folded title (tasks, knowledge articles) as two scalar subqueries: up to `limit` rows as a JSON
 * array of `fields` (the closest titles first by trigram similarity, then the newest), and how many match. The
 * trigram indexes on lw_fold(title) (migration 0039) serve a search of three characters or more.
 */
function titleGroupSql(table: SQL, fields: Record<string, string>, q: string, limit: number, also: SQL = sql`TRUE`): { items: SQL; total: SQL } {
  const folded = sql`lw_fold(title)`;
  const where = sql`${folded} LIKE ${foldedContaining(q)} AND ${also}`;
  const object = Object.entries(fields).map(([key, column]) => `'${key}', ${column}`).join(", ");
  const columns = Object.values(fields).join(", ");
  return {
    items: sql`(SELECT coalesce(json_agg(json_build_object(${sql.raw(object)}) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT ${sql.raw(columns)}, similarity(${folded}, ${foldedOnce(q)}) AS lw_similarity
            FROM ${table} WHERE ${where} ORDER BY lw_similarity DESC, id DESC LIMIT ${limit}) best)`,
    total: sql`(SELECT count(*)::int FROM ${table} WHERE ${where})`,
  };
}

// A task about a lead outside the caller's lead scope is not found.
const taskGroupSql = (q: string, limit: number) =>
  titleGroupSql(sql`${tasks}`, { id: "id", title: "title", status: "status", dueDate: "due_date" }, q, limit, leadOfRecordInScope(sql`${tasks.leadId}`));
const articleGroupSql = (q: string, limit: number) => titleGroupSql(sql`${knowledgeArticles}`, { id: "id", title: "title", version: "version" }, q, limit);

/** How many characters of a note a hit quotes, starting a little before the match. */
const NOTE_EXCERPT_LENGTH = 160;
const NOTE_EXCERPT_LEAD_IN = 40;

/**
 * The note group as two scalar subqueries: up to `limit` notes whose folded body holds the term (lead_notes_body_trgm_idx),
 * newest first, each with its lead and an excerpt around the match, as a JSON array; and how many match. A note's
 * words find its lead through it.
 */
function noteGroupSql(q: string, limit: number): { items: SQL; total: SQL } {
  const folded = sql`lw_fold(${leadNotes.body})`;
  const where = sql`${folded} LIKE ${foldedContaining(q)}`;
  const length = sql.raw(String(NOTE_EXCERPT_LENGTH));
  const start = sql`greatest(strpos(${folded}, ${foldedOnce(q)}) - ${sql.raw(String(NOTE_EXCERPT_LEAD_IN))}, 1)`;
  return {
    // The excerpt says where it was cut with an ellipsis at either end.
    items: sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'leadId', lead_id, 'businessName', business_name,
                 'excerpt', CASE WHEN lw_start > 1 THEN '…' ELSE '' END || substr(body, lw_start, ${length})
                            || CASE WHEN length(body) >= lw_start + ${length} THEN '…' ELSE '' END) ORDER BY id DESC), '[]')::text
      FROM (SELECT ${leadNotes.id} AS id, ${leadNotes.leadId} AS lead_id, ${leads.businessName} AS business_name, ${leadNotes.body} AS body, ${start} AS lw_start
            FROM ${leadNotes} JOIN ${leads} ON ${leads.id} = ${leadNotes.leadId}
            WHERE ${where} AND ${leadInScope(leads.assigneeId)} ORDER BY ${leadNotes.id} DESC LIMIT ${limit}) best)`,
    // A note of a lead outside the caller's lead scope is neither listed nor counted.
    total:
      currentLeadScope().kind === "all"
        ? sql`(SELECT count(*)::int FROM ${leadNotes} WHERE ${where})`
        : sql`(SELECT count(*)::int FROM ${leadNotes} JOIN ${leads} ON ${leads.id} = ${leadNotes.leadId} WHERE ${where} AND ${leadInScope(leads.assigneeId)})`,
  };
}

interface RankedLead {
  id: number;
  businessName: string;
  email: string;
  /** Trigram similarity of the lead's search text to the search. */
  similarity: number;
}

/**
 * The global search in one statement: the lead group, and the affiliate, issue, note, task and article groups beside it.
 *
 * Leads are ordered business names starting with the search first (found through the name index), then leads whose
 * business or owner names hold every word, then the rest; within a tier by trigram similarity (over a bounded number
 * of candidates), newest first on ties. When the names starting with the search fill the list, the other tiers cannot
 * reach it and the matches are only counted: a common word's total is estimated from the sampled leads without
 * reading its matches (see sampleCount). Otherwise the matches are read up to the count's cap, the rest of the list
 * is ranked from them, and they are counted (estimated from the sample past the cap).
 *
 * Every branch is in the statement, behind a condition PostgreSQL tests once before running the branch (the names
 * filled the list, the matches passed the cap, the sample settled the total). Its text varies only with the number of
 * words, and every term is a value of the execution, so each connection plans it once: each round trip cost the
 * server a system call on either side, which was most of its own time per request.
 */
export async function searchGroups(db: Database, q: string, kinds: SearchKinds): Promise<SearchGroups> {
  const words = searchWords(q);
  const phrase = words.length ? words.join(" ") : q;
  // Every statement over leads holds the request's lead scope: an agent limited to their own and unassigned leads
  // finds, ranks and counts only those.
  const inScope = leadInScope(sql`assignee_id`);
  const matching = sql`${searchCondition(q)} AND ${inScope}`;
  const foldedPhrase = foldedOnce(phrase);
  const groupSize = sql.raw(String(SEARCH_GROUP_LIMIT));
  const cap = sql.raw(String(SEARCH_COUNT_CAP + 1));
  const filled = sql`(SELECT count(*) >= ${groupSize} FROM lw_prefix)`;
  // A search the trigram index does not serve (one or two characters) is not sampled: its total is counted.
  const sampled = searchUsesTrigrams(q)
    ? sampleCount(sql`(${filled} OR (SELECT count(*) > ${sql.raw(String(SEARCH_COUNT_CAP))} FROM lw_matches)) AND ${matching}`)
    : sql`SELECT 0 AS n`;
  // search_text is the folded business name, first and last names, email and phone, in that order, and an email holds
  // no space: what precedes " email" is the names, already folded. Cut once a match (OFFSET 0 keeps the planner from
  // writing the cut into every word's test), then tested word by word.
  const names = sql`left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0))`;
  const rankedJson = (from: string, order: SQL) =>
    sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY ${order}), '[]')::text
         FROM (SELECT *, similarity(search_text, ${foldedPhrase}) AS lw_similarity FROM ${sql.raw(from)}) ranked)`;
  const affiliateGroup = affiliateGroupSql(q, SEARCH_GROUP_LIMIT);
  const issueGroup = issueGroupSql(q, SEARCH_GROUP_LIMIT);
  const noteGroup = noteGroupSql(q, SEARCH_GROUP_LIMIT);
  // A group the caller may not read is left out of the statement (one text per combination, each planned once).
  const none = { items: sql`'[]'`, total: sql`0` };
  const taskGroup = kinds.tasks ? taskGroupSql(q, SEARCH_GROUP_LIMIT) : none;
  const articleGroup = kinds.articles ? articleGroupSql(q, SEARCH_GROUP_LIMIT) : none;
  const [row] = await rawRows<{
    prefix: string;
    candidates: string;
    matched: number;
    sampled: number;
    counted: number;
    affiliates: string;
    affiliates_matched: number;
    issues: string;
    issues_matched: number;
    notes: string;
    notes_matched: number;
    tasks: string;
    tasks_matched: number;
    articles: string;
    articles_matched: number;
  }>(
    db,
    // The business names starting with the phrase are a range of the name index, from the folded phrase to the same
    // followed by the last code point (in the "C" collation every name starting with it sorts between the two): a
    // LIKE prefix needs its pattern at plan time. Every word of the phrase occurs in such a name.
    sql`WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM ${leads}
          WHERE lw_fold(business_name) COLLATE "C" >= ${foldedPhrase} AND lw_fold(business_name) COLLATE "C" < (SELECT ${foldTerm(phrase)} || chr(1114111))
            AND ${inScope}
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT ${groupSize}
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM ${leads} WHERE NOT ${filled} AND ${matching} LIMIT ${cap}
        ),
        lw_sample AS MATERIALIZED (${sampled}),
        lw_counted AS MATERIALIZED (SELECT ${cappedCount(sql`${filled} AND NOT ${sampleSettlesIn("lw_sample")} AND ${matching}`, countOrderFor(q))} AS n),
        lw_candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN ${allWordsOccur(sql`lw_names`, words.length ? words : [q], false)} THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, ${names} AS lw_names FROM lw_matches WHERE id NOT IN (SELECT id FROM lw_prefix) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT ${sql.raw(String(SIMILARITY_CANDIDATES))}
        )
        SELECT ${rankedJson("lw_prefix", sql`lw_similarity DESC, id DESC`)} AS prefix,
               ${rankedJson("lw_candidates", sql`tier, lw_similarity DESC, id DESC`)} AS candidates,
               (SELECT count(*)::int FROM lw_matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
               (SELECT n FROM lw_counted) AS counted,
               ${affiliateGroup.items} AS affiliates, ${affiliateGroup.total} AS affiliates_matched,
               ${issueGroup.items} AS issues, ${issueGroup.total} AS issues_matched,
               ${noteGroup.items} AS notes, ${noteGroup.total} AS notes_matched,
               ${taskGroup.items} AS tasks, ${taskGroup.total} AS tasks_matched,
               ${articleGroup.items} AS articles, ${articleGroup.total} AS articles_matched`,
    searchStatement(q),
  );
  const prefix = JSON.parse(row?.prefix ?? "[]") as RankedLead[];
  const ranked = [...prefix, ...(JSON.parse(row?.candidates ?? "[]") as RankedLead[])].slice(0, SEARCH_GROUP_LIMIT);
  // The sample is counted only when the matches were not all read (names filled the list, or they passed the cap);
  // when it does not settle the total, the count read up to the cap does: lw_counted when the names filled the list
  // (lw_matches was not read), lw_matches otherwise.
  const sampledMatches = row?.sampled ?? 0;
  const counted = row?.counted ? row.counted : (row?.matched ?? 0);
  return {
    leads: ranked.map(({ id, businessName, email }) => ({ id, businessName, email })),
    leadsTotal: sampleSettles(sampledMatches) ? estimateFromSample(sampledMatches) : cappedTotal(counted).total,
    affiliates: JSON.parse(row?.affiliates ?? "[]") as SearchResult["affiliates"],
    affiliatesMatched: row?.affiliates_matched ?? 0,
    issues: JSON.parse(row?.issues ?? "[]") as SearchResult["issues"],
    issuesMatched: row?.issues_matched ?? 0,
    notes: JSON.parse(row?.notes ?? "[]") as SearchResult["notes"],
    notesMatched: row?.notes_matched ?? 0,
    tasks: JSON.parse(row?.tasks ?? "[]") as SearchResult["tasks"],
    tasksMatched: row?.tasks_matched ?? 0,
    articles: JSON.parse(row?.articles ?? "[]") as SearchResult["articles"],
    articlesMatched: row?.articles_matched ?? 0,
  };
}
