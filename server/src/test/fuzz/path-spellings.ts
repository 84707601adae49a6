/** A way of writing a route's path that is not its canonical spelling, and the path so written. */
export interface PathSpelling {
  form: string;
  path: string;
}

const hex = (char: string, lower: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, "0");
  return `%${lower ? code.toLowerCase() : code.toUpperCase()}`;
};

/** The path with the character at `index` of segment `segment` percent-encoded. */
function encodeCharAt(segments: string[], segment: number, index: number, lower: boolean): string {
  return `/${segments.map((s, i) => (i === segment ? `${s.slice(0, index)}${hex(s[index]!, lower)}${s.slice(index + 1)}` : s)).join("/")}`;
}

/**
 * Every non-canonical spelling the suite sends for one concrete path (`/api/leads/1`): escaped letters in the first
 * and the last segments (either hex case), empty, dot and double-dot segments (also escaped), a trailing dot and a
 * backslash. Each resolves, read the way a lenient server or proxy reads it, to the same path.
 */
export function nonCanonicalSpellings(path: string): PathSpelling[] {
  const segments = path.split("/").slice(1);
  const [first, ...rest] = segments;
  if (!first) return [];
  const tail = rest.length ? `/${rest.join("/")}` : "";
  const lastIndex = segments.length - 1;
  const lastLetter = segments[lastIndex]!.search(/[A-Za-z0-9]/);
  const spellings: PathSpelling[] = [
    { form: "escaped first letter", path: encodeCharAt(segments, 0, 0, false) },
    { form: "escaped letter, lowercase hex", path: encodeCharAt(segments, 0, first.length - 1, true) },
    { form: "leading //", path: `/${path}` },
    { form: "// inside", path: `/${first}/${tail}` },
    { form: "/./", path: `/${first}/.${tail}` },
    { form: "/../", path: `/${first}/zz/..${tail}` },
    { form: "escaped /%2e%2e/", path: `/${first}/zz/%2e%2E${tail}` },
    { form: "trailing dot", path: `/${first}.${tail}` },
    { form: "backslash", path: `/${first}\\${rest.join("\\")}` },
    { form: "escaped backslash", path: `/${first}%5C${rest.join("%5C")}` },
  ];
  if (lastIndex > 0 && lastLetter !== -1) spellings.push({ form: "escaped letter in the last segment", path: encodeCharAt(segments, lastIndex, lastLetter, false) });
  return spellings;
}
