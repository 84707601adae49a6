import { sql, type SQL } from "drizzle-orm";
import { escapeLike } from "../lib/like-pattern";

/**
 * A search term folded as lw_fold folds stored text (accents removed through the unaccent dictionary, lower case),
 * for comparing with folded columns. Written out rather than as lw_fold(term): the planner evaluates a function of a
 * constant while planning, and evaluating the SQL function lw_fold parses and plans its body every time (30–50 µs a
 * term), while lw_unaccent is the extension's C function (migration 0031).
 */
export const foldTerm = (term: unknown): SQL => sql`lower(lw_unaccent('public.unaccent'::regdictionary, ${term}))`;

/**
 * The folded term as a value computed once per execution (an InitPlan), for a test applied to row after row: in a plan
 * PostgreSQL keeps for any values (a prepared statement's generic plan), foldTerm's expression is evaluated again for
 * every row it filters (2.8 against 1.0 ms for a walk past 4,000 leads). Not for an index condition that needs the
 * term as a constant at plan time (a LIKE prefix on a btree).
 */
export const foldedOnce = (term: unknown): SQL => sql`(SELECT ${foldTerm(term)})`;

/**
 * A LIKE pattern for the folded term anywhere (the term's own % and _ escaped), computed once per execution: a trigram
 * index reads it when its scan starts, and a statement holding it is costed alike for any term, so PostgreSQL plans it
 * once per connection instead of on every run (see containsFolded in queries/lead-search.ts).
 */
export const foldedContaining = (term: string): SQL => sql`(SELECT '%' || ${foldTerm(escapeLike(term))} || '%')`;
