/** Enough words to find related issues; a 10,000-character description would otherwise make a huge query. */
export const MAX_QUERY_WORDS = 64;

/**
 * A to_tsquery text that matches any of the description's words ("login | timeout | safari"), so an earlier issue
 * that shares only some of them still matches and ts_rank orders by how much is shared. Only letters and digits
 * are kept, so nothing in it can be tsquery syntax. Empty when the description has no usable word.
 */
export function anyWordQuery(description: string): string {
  const words = new Set<string>();
  for (const word of description.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if ([...word].length < 2) continue;
    words.add(word);
    if (words.size === MAX_QUERY_WORDS) break;
  }
  return [...words].join(" | ");
}
