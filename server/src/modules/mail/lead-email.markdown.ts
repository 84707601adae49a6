import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/**
 * A lead email's Markdown as the HTML part: GitHub-flavoured Markdown where raw HTML is escaped as text (never passed
 * through) and link and image addresses with a dangerous protocol (javascript:, data:, ...) are dropped. Every link
 * opens with rel="noopener noreferrer".
 */
export function markdownToSafeHtml(markdown: string): string {
  const html = micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  // Raw HTML in the Markdown came out escaped (&lt;a ...), so every "<a " left is a link micromark wrote itself.
  return html.replaceAll("<a href=", '<a rel="noopener noreferrer" href=');
}
