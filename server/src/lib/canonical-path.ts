/** Why a request path is not written the one way the server's routes are: each is a 400 before any route runs. */
export type PathSpellingProblem =
  /** `%61` for `a`: a letter, digit or `- . _ ~` that needed no escape (RFC 3986 §6.2.2.2). */
  | "encoded_unreserved"
  /** `//`: an empty segment. */
  | "empty_segment"
  /** `/./` or `/../`, also at the end. */
  | "dot_segment"
  /** A segment ending in `.` (`/api./leads`, `/leads.`), which some servers and file systems drop. */
  | "trailing_dot"
  /** A backslash, raw or encoded, which some clients and servers read as `/`. */
  | "backslash";

/** A %XX escape of an unreserved character: ALPHA, DIGIT, "-", ".", "_", "~" (either case of hex digits). */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-fA-F]|[57][0-9aA]|3[0-9]|2[dDeE]|5[fF]|7[eE])/;
const ENCODED_BACKSLASH = /%5[cC]/;
const ANY_ENCODED_UNRESERVED = new RegExp(ENCODED_UNRESERVED.source, "g");
const BACKSLASHES = /\\|%5[cC]/g;

/**
 * Whether a request's path (the raw request target, query included or not) is canonical, and if not why. The router
 * matches the decoded path, so `/%61pi/leads` reaches the same route as `/api/leads`: anything that decides from the
 * path's text would disagree with the router about such spellings. Escapes the path needs (`%40` in an email, `%20`)
 * are canonical; lowercase hex digits in them are tolerated, since clients differ and the meaning is the same.
 */
export function pathSpellingProblem(rawUrl: string): PathSpellingProblem | null {
  const queryAt = rawUrl.indexOf("?");
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path.includes("\\") || ENCODED_BACKSLASH.test(path)) return "backslash";
  if (ENCODED_UNRESERVED.test(path)) return "encoded_unreserved";
  const segments = path.split("/").slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === "." || segment === "..") return "dot_segment";
    // A trailing slash leaves one empty segment at the end; the routes simply do not match it (404).
    if (segment === "" && i < segments.length - 1) return "empty_segment";
    if (segment.endsWith(".")) return "trailing_dot";
  }
  return null;
}

/**
 * The one spelling of a request target's path that the routes use (the query is kept as it is): unreserved characters
 * unescaped, backslashes read as slashes, empty and `.` segments dropped, `..` segments resolved (never above the
 * root), trailing dots cut from segments. A trailing slash stays. A canonical path comes back unchanged, and the
 * result is always canonical (pathSpellingProblem answers null for it).
 */
export function canonicalPath(rawUrl: string): string {
  const queryAt = rawUrl.indexOf("?");
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? "" : rawUrl.slice(queryAt);
  if (pathSpellingProblem(path) === null) return rawUrl;
  // Unescaping can make a new escape ("%%341" gives "%41"): repeat until none is left; each pass shortens the text.
  let unescaped = path;
  for (let before = ""; before !== unescaped; ) {
    before = unescaped;
    unescaped = unescaped.replace(ANY_ENCODED_UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16))).replace(BACKSLASHES, "/");
  }
  const kept: string[] = [];
  const segments = unescaped.split("/").slice(1);
  for (const segment of segments) {
    if (segment === "..") kept.pop();
    else if (segment !== "." && segment !== "") {
      const cut = segment.replace(/\.+$/, "");
      if (cut !== "") kept.push(cut);
    }
  }
  const last = segments.at(-1);
  const trailingSlash = kept.length > 0 && (last === "" || last === "." || last === "..");
  return `/${kept.join("/")}${trailingSlash ? "/" : ""}${query}`;
}
