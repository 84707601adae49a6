export const REFERENCE_TITLE_MAX = 80;

/** A one-line title for a referenced issue: its description with whitespace collapsed, cut at a word near 80 characters. */
export function referenceTitle(description: string): string {
  const line = description.replace(/\s+/g, " ").trim();
  const chars = [...line];
  if (chars.length <= REFERENCE_TITLE_MAX) return line;
  const cut = chars.slice(0, REFERENCE_TITLE_MAX - 1).join("");
  // A word that ends exactly at the cut is whole; otherwise back up to the last space, unless that would throw
  // most of the title away.
  const endsAtWord = chars[REFERENCE_TITLE_MAX - 1] === " ";
  const lastSpace = cut.lastIndexOf(" ");
  const head = endsAtWord || lastSpace <= REFERENCE_TITLE_MAX / 2 ? cut : cut.slice(0, lastSpace);
  return `${head.trimEnd()}…`;
}
