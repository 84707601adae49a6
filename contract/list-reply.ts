/**
 * The headers that go with one page of a list (an endpoint declared `paged: true`): the body is the JSON array of
 * the page's rows, the headers say how many rows match in all and where the next page starts.
 */

/** How many rows match the list's filters in all (not only this page). */
export const TOTAL_COUNT_HEADER = "x-total-count";
/**
 * "false" when the total is an estimate (a search term matching many leads is counted in a sample of them and the
 * count scaled up: "about 12,000"); "true" or absent: exact.
 */
export const TOTAL_EXACT_HEADER = "x-total-count-exact";
/** An estimated total stops here: at this value it means "at least this many". */
export const ESTIMATED_TOTAL_CEILING = 256_000;
/** The cursor of the next page, when one follows and the list pages by cursor. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
