/**
 * The headers that go with one page of a list (an endpoint declared `paged: true`): the body is the JSON array of
 * the page's rows, the headers say how many rows match in all and where the next page starts.
 */

/** How many rows match the list's filters in all (not only this page). */
export const TOTAL_COUNT_HEADER = "x-total-count";
/** "false" when the total was counted only up to a cap (a search term on a large list); "true" or absent: exact. */
export const TOTAL_EXACT_HEADER = "x-total-count-exact";
/** The cursor of the next page, when one follows and the list pages by cursor. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
