import { sql, type SQL } from "drizzle-orm";
import { escapeLike } from "../../lib/like-pattern";
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
 * What the trigram index is asked for a word of three characters or more: the first and the last three characters
 * of each run of letters and digits in it (pg_trgm makes trigrams only within such runs). Each probe is a substring
 * of the word, so every lead holding the word holds its probes; asking the index for two trigrams a run instead of
 * all of them halves what a bitmap scan decodes, and the exact test (wordOccursExactly) removes the few extra
 * candidates. Empty when no run has three characters ("a.b"): the whole word then goes to the index.
 */
export function trigramProbes(word: string): string[] {
  const probes = new Set<string>();
  for (const run of word.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (chars.length < trigramMinimum) continue;
    probes.add(chars.slice(0, trigramMinimum).join(""));
    probes.add(chars.slice(-trigramMinimum).join(""));
  }
  return [...probes];
}

const containsFolded = (text: SQL, part: string) => sql`${text} LIKE '%' || lw_fold(${escapeLike(part)}) || '%'`;

/**
 * The word anywhere in the folded text, written so the planner cannot hand it to an index (`|| ''` is an
 * expression no index holds): it filters the candidates the probes found, or the rows an ordered index walk
 * passes. Estimating a full pattern against the column's statistics also cost more planning time than the
 * probes' whole scan.
 */
const wordOccursExactly = (text: SQL, word: string) => containsFolded(sql`(${text} || '')`, word);

/**
 * How one word must occur in a folded text. Three characters or more: anywhere, found through its trigram probes
 * (`indexed`) or by the exact test alone. Shorter: at the start of one of the text's words ("% ab%" still gives
 * the index the trigrams "  a" and " ab").
 */
function wordOccurs(text: SQL, word: string, indexed: boolean, probed: boolean): SQL {
  if ([...word].length < trigramMinimum) {
    const pattern = escapeLike(word);
    return sql`(${text} LIKE lw_fold(${pattern}) || '%' OR ${text} LIKE '% ' || lw_fold(${pattern}) || '%')`;
  }
  if (!indexed) return wordOccursExactly(text, word);
  const probes = probed ? trigramProbes(word) : [];
  if (probes.length === 0) return containsFolded(text, word);
  return sql.join([...probes.map((probe) => containsFolded(text, probe)), wordOccursExactly(text, word)], sql` AND `);
}

/**
 * Every word occurs in the folded text (see wordOccurs); `indexed: false` keeps the trigram index out of it. Probes
 * pay off for several words (two trigrams a word where the words of a name give the index ten or more lists to
 * intersect); one word of five letters would save one trigram and cost more rechecked candidates.
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
  return sql`lw_fold(${leads.businessName}) COLLATE "C" LIKE lw_fold(${escapeLike(term)}) || '%'`;
}

/** Whether searchCondition(q) is served by the trigram index on search_text (else by the business-name index). */
export function searchUsesTrigrams(q: string): boolean {
  const words = searchWords(q);
  return words.length > 1 || [...(words[0] ?? q)].length >= trigramMinimum;
}

/**
 * Every SEARCH_SAMPLE_MODULUS-th lead (by id) is also in a partial trigram index of an eighth the size. Matches
 * counted there are matches, so when the sample alone holds more than SEARCH_COUNT_CAP the capped count is
 * settled at an eighth of the cost; a search matching fewer falls back to the full index. What a bitmap scan
 * costs grows with every match the index yields, not with the cap, so this is what makes a common word cheap.
 */
export const SEARCH_SAMPLE_MODULUS = 8;

/**
 * A CTE "sampled" (n: matches among the sampled leads, up to the cap + 1). It only runs when `when` holds (else n
 * is 0). The modulus is written as a literal: the partial index's predicate must be provable at plan time.
 */
export function sampledCountCte(matching: SQL | undefined, when: SQL = sql`true`): SQL {
  return sql`sampled AS MATERIALIZED (
      SELECT count(*)::int AS n FROM (
        SELECT FROM ${leads} WHERE ${when} AND ${matching} AND ${leads.id} % ${sql.raw(String(SEARCH_SAMPLE_MODULUS))} = 0
        LIMIT ${SEARCH_COUNT_CAP + 1}
      ) sample
    )`;
}

// Counting matches costs a heap visit each; past this many the answer says "at least" instead.
export const SEARCH_COUNT_CAP = 1_000;
