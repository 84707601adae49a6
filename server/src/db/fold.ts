import { sql, type SQL } from "drizzle-orm";

/**
 * A search term folded as lw_fold folds stored text (accents removed through the unaccent dictionary, lower case),
 * for comparing with folded columns. Written out rather than as lw_fold(term): the planner evaluates a function of a
 * constant while planning, and evaluating the SQL function lw_fold parses and plans its body every time (30–50 µs a
 * term), while lw_unaccent is the extension's C function (migration 0031).
 */
export const foldTerm = (term: unknown): SQL => sql`lower(lw_unaccent('public.unaccent'::regdictionary, ${term}))`;
