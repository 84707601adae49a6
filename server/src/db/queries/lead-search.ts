import { sql, type SQL } from "drizzle-orm";
import { ESTIMATED_TOTAL_CEILING } from "@contract/list-reply";
import { escapeLike } from "../../lib/like-pattern";
import { foldedContaining, foldedOnce, foldTerm } from "../fold";
import type { RawRowsOptions } from "../raw-rows";
import { leads } from "../schema";

/*
 * How a search term finds leads, written for the indexes the schema declares on leads (the trigram index on
 * search_text, its sampled partial twin and the folded business-name index). The leads list, its report and the
 * global search all match leads this way, so it lives here rather than in any one of their areas.
 */

const trigramMinimum = 3;

/**
 * The words of a search: its whitespace-separated parts that hold a letter or digit (a lone "&" or "-" is not
 * a word), each once.
 */
export function searchWords(q: string): string[] {
  const seen = new Set<string>();
  return q.split(/\s+/u).filter((word) => {
    const key = word.toLowerCase();
    if (!/[\p{L}\p{N}]/u.test(word) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What the trigram index is asked for a word of three characters or more: the three characters in the middle of each
 * run of letters and digits in it (pg_trgm makes trigrams only within such runs). Each probe is a substring of the
 * word, so every lead holding the word holds its probe, and the exact test (wordOccursExactly) removes the few extra
 * candidates. A bitmap scan decodes every posting list it is given, and the words of a name each hold trigrams that
 * thousands of leads share: one probe a run halves the scan of two a run (1.8 to 0.9 ms for "diego westfield" at 1M
 * leads, the same 174 candidates), and a word's middle is more often particular to it than its start or its end
 * ("ieg" against "die", held by 2.5 times as many leads). Empty when no run has three characters ("a.b"): the whole
 * word then goes to the index.
 */
export function trigramProbes(word: string): string[] {
  const probes = new Set<string>();
  for (const run of word.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (chars.length < trigramMinimum) continue;
    const start = Math.floor((chars.length - trigramMinimum) / 2);
    probes.add(chars.slice(start, start + trigramMinimum).join(""));
  }
  return [...probes];
}

/**
 * The part anywhere in the folded text, as a trigram index condition. The pattern is a value of the execution (an
 * InitPlan), which the index reads when the scan starts: with the pattern visible at plan time, PostgreSQL planned a
 * two-word search afresh on every run (0.5 to 0.8 ms, more than its index scan), because the statistics made each
 * term look cheaper than a plan for any term. Hidden, every run is costed alike and the plan is made once per
 * connection; it is the plan the terms were given anyway.
 */
const containsFolded = (text: SQL, part: string) => sql`${text} LIKE ${foldedContaining(part)}`;

/**
 * The word anywhere in the folded text, as a substring search (strpos) that no index holds: it filters the candidates
 * the probes found, or the rows an ordered index walk passes. The planner estimates it without reading the column's
 * statistics (estimating a full pattern against them cost more planning time than the probes' whole scan), and it
 * runs faster than the equivalent LIKE over the thousands of index entries a walk passes (0.65 against 0.9 ms for
 * a surname at 1M leads). The word is folded once per execution (foldedOnce), not once per row tested.
 */
const wordOccursExactly = (text: SQL, word: string) => sql`strpos(${text}, ${foldedOnce(word)}) > 0`;

/**
 * How one word must occur in a folded text. Three characters or more: anywhere, found through its trigram probes
 * (`indexed`) or by the exact test alone. Shorter: at the start of one of the text's words ("% ab%" still gives
 * the index the trigrams "  a" and " ab").
 */
function wordOccurs(text: SQL, word: string, indexed: boolean, probed: boolean): SQL {
  if ([...word].length < trigramMinimum) {
    const pattern = escapeLike(word);
    return sql`(${text} LIKE (SELECT ${foldTerm(pattern)} || '%') OR ${text} LIKE (SELECT '% ' || ${foldTerm(pattern)} || '%'))`;
  }
  if (!indexed) return wordOccursExactly(text, word);
  const probes = probed ? trigramProbes(word) : [];
  if (probes.length === 0) return containsFolded(text, word);
  return sql.join([...probes.map((probe) => containsFolded(text, probe)), wordOccursExactly(text, word)], sql` AND `);
}

/**
 * Every word occurs in the folded text (see wordOccurs); `indexed: false` keeps the trigram index out of it. Probes
 * pay off for several words (a trigram a word where the words of a name give the index ten or more lists to
 * intersect); for one word alone, its own trigrams together find fewer candidates to recheck.
 */
export function allWordsOccur(text: SQL, words: string[], indexed = true): SQL {
  return sql`(${sql.join(
    words.map((word) => wordOccurs(text, word, indexed, words.length > 1)),
    sql` AND `,
  )})`;
}

/**
 * Accent- and case-insensitive match, served by indexes. Several words: each must occur in the lead's search
 * text, in any order (the trigram index answers the AND of all of them in one bitmap scan). One word: a
 * substring through the trigram index, or for 1–2 characters the start of the business name through the name
 * index. Text with no word at all (only punctuation) is matched literally as one term.
 */
export function searchCondition(q: string, indexed = true): SQL {
  const words = searchWords(q);
  const term = words[0] ?? q;
  if (words.length > 1 || [...term].length >= trigramMinimum) return allWordsOccur(sql`${leads.searchText}`, words.length ? words : [q], indexed);
  // The names starting with the term as a range of the name index (the folded term up to the same followed by the last
  // code point, in the "C" collation): a LIKE prefix would need its pattern at plan time, which a prepared statement's
  // plan has not, and scanned every lead for a palette's first keystroke.
  return sql`(lw_fold(${leads.businessName}) COLLATE "C" >= ${foldedOnce(term)} AND lw_fold(${leads.businessName}) COLLATE "C" < (SELECT ${foldTerm(term)} || chr(1114111)))`;
}

/**
 * How a statement holding a search is sent: as a named prepared statement (see RawRowsOptions), each connection
 * parsing its text once. The text varies with the number of words; past a few, a search is rare enough to be parsed
 * each time, so no connection collects a statement per length of text typed.
 */
export const searchStatement = (q: string | undefined): RawRowsOptions => ({ prepared: searchWords(q ?? "").length <= PREPARED_SEARCH_WORDS });
const PREPARED_SEARCH_WORDS = 4;

/** Whether searchCondition(q) is served by the trigram index on search_text (else by the business-name index). */
export function searchUsesTrigrams(q: string): boolean {
  const words = searchWords(q);
  return words.length > 1 || [...(words[0] ?? q)].length >= trigramMinimum;
}

/**
 * Every SEARCH_SAMPLE_MODULUS-th lead (by id) is also in a partial trigram index a sixty-fourth the size of the full
 * one. A search that matches many leads is counted there and the count scaled up: an estimate ("about 12,000")
 * costs a table visit per sampled match (about 190 for a surname held by 12,000 of a million leads, where proving
 * "more than 1,000" cost 1,001), and says more. Below SEARCH_ESTIMATE_MINIMUM sampled matches (about a thousand
 * leads) the sample says too little, and the matches are counted in full instead, exactly up to SEARCH_COUNT_CAP.
 * Ids are handed out in creation order, so the sample is a systematic one through time, unrelated to the text.
 */
export const SEARCH_SAMPLE_MODULUS = 64;
export const SEARCH_ESTIMATE_MINIMUM = 16;
/** Sampled matches counted at most: an estimate stops at ESTIMATED_TOTAL_CEILING (contract/list-reply.ts). */
export const SEARCH_SAMPLE_LIMIT = ESTIMATED_TOTAL_CEILING / SEARCH_SAMPLE_MODULUS;

/**
 * How many sampled leads a condition matches, up to SEARCH_SAMPLE_LIMIT: a statement answering one row, n, written as
 * a common table expression. The modulus is written as a literal: the partial index's predicate must be provable at
 * plan time.
 */
export function sampleCount(matching: SQL | undefined): SQL {
  return sql`SELECT count(*)::int AS n FROM (
      SELECT FROM ${leads} WHERE ${matching} AND ${leads.id} % ${sql.raw(String(SEARCH_SAMPLE_MODULUS))} = 0 LIMIT ${SEARCH_SAMPLE_LIMIT}
    ) sample`;
}

/** sampleSettles in SQL, of the count in the common table expression `cte` (a sampleCount). */
export const sampleSettlesIn = (cte: string): SQL => sql`(SELECT n >= ${sql.raw(String(SEARCH_ESTIMATE_MINIMUM))} FROM ${sql.raw(cte)})`;

/** The leads a condition matches, counted up to one past SEARCH_COUNT_CAP (read it with cappedTotal): a scalar subquery. */
export function cappedCount(matching: SQL | undefined, order?: SQL): SQL {
  return sql`(SELECT count(*)::int FROM (SELECT FROM ${leads} WHERE ${matching}${order ? sql` ORDER BY ${order}` : sql``} LIMIT ${sql.raw(String(SEARCH_COUNT_CAP + 1))}) capped)`;
}

/**
 * The order a count of a short search's matches reads them in: the name index's own, so the count walks the index and
 * stops at the cap. Unordered, PostgreSQL read every name starting with the letter into a bitmap first (51,000 of a
 * million for "n", 28 ms), however few it then counted.
 */
export const countOrderFor = (q: string): SQL | undefined => (searchUsesTrigrams(q) ? undefined : sql`lw_fold(${leads.businessName}) COLLATE "C"`);

/** A count read up to one past the cap: exact below it, "about" the cap past it. */
export const cappedTotal = (counted: number) => (counted > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, exact: false } : { total: counted, exact: true });

/** Whether a sample count settles the total as an estimate (else the matches are counted in full). */
export const sampleSettles = (sampledMatches: number) => sampledMatches >= SEARCH_ESTIMATE_MINIMUM;

/**
 * The total a sample count stands for, to two significant figures (12,160 → 12,000): more precision than the
 * sample has would mislead. At the sample limit it is the ceiling, which the screens read as "more than".
 */
export function estimateFromSample(sampledMatches: number): number {
  if (sampledMatches >= SEARCH_SAMPLE_LIMIT) return ESTIMATED_TOTAL_CEILING;
  const scaled = sampledMatches * SEARCH_SAMPLE_MODULUS;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(scaled)) - 1);
  return Math.min(Math.round(scaled / unit) * unit, ESTIMATED_TOTAL_CEILING);
}

// Counting matches costs a table visit each: past this many (when the sample said fewer than about a thousand) the
// answer is "about 1,000".
export const SEARCH_COUNT_CAP = 1_000;
