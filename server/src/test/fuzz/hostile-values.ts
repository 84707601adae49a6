import type { LabelledValue } from "./schema-values";

/**
 * Inputs that have broken servers like this one before. They are sent whatever the schema says, so each
 * route also meets wrong types. Labels are what the failure report shows, so they name the input plainly.
 */

export const DEEP_LEVELS = 5_000;

/**
 * JSON text placed into a body as it is. Very deep values are built as text because JSON.stringify (and
 * structuredClone) recurse, and 5,000 levels overflow the test's own stack.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export function nestedArrayText(levels: number): string {
  return "[".repeat(levels) + "]".repeat(levels);
}

export function nestedObjectText(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

/** JSON.stringify that splices RawJson values in as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return raws.length === 0 ? text : text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** For any JSON field of the body. */
export const hostileJsonValues: LabelledValue[] = [
  { label: "NUL", value: "\u0000" },
  { label: "NUL inside text", value: "Acme\u0000Corp" },
  { label: "lone high surrogate", value: "\ud800" },
  { label: "lone low surrogate inside text", value: "a\udfffb" },
  { label: "reversed surrogate pair", value: "\udc00\ud800" },
  { label: "U+FFFF", value: "\uffff" },
  { label: "BOM and RTL override", value: "\ufeff\u202egnp.exe" },
  { label: "emoji", value: "👩‍👩‍👧‍👦🏳️‍🌈" },
  { label: "whitespace only", value: " \t\r\n " },
  { label: "10,000 characters", value: "a".repeat(10_000) },
  { label: "300,000 characters", value: "é".repeat(300_000) },
  { label: "1,000 NULs", value: "\u0000".repeat(1_000) },
  { label: `array nested ${DEEP_LEVELS} levels`, value: new RawJson(nestedArrayText(DEEP_LEVELS)) },
  { label: `object nested ${DEEP_LEVELS} levels`, value: new RawJson(nestedObjectText(DEEP_LEVELS)) },
  { label: "id beyond int32", value: 99_999_999_999 },
  { label: "negative id beyond int32", value: -99_999_999_999 },
  { label: "2^31", value: 2 ** 31 },
  { label: "2^53+2", value: 2 ** 53 + 2 },
  { label: "1e308", value: 1e308 },
  { label: "-1e308", value: -1e308 },
  { label: "1e21", value: 1e21 },
  { label: "smallest double", value: 5e-324 },
  { label: "fraction", value: 1.5 },
  { label: "negative", value: -1 },
  { label: "zero", value: 0 },
  { label: "string id beyond int32", value: "99999999999" },
  { label: "string 1e400", value: "1e400" },
  { label: "string NaN", value: "NaN" },
  { label: "string Infinity", value: "Infinity" },
  { label: "hex string", value: "0x1F" },
  { label: "padded number string", value: " 12 " },
  { label: "huge decimal string", value: "99999999999999999999999.999" },
  { label: "Arabic digits", value: "١٢٣" },
  { label: "impossible date 2024-02-30", value: "2024-02-30" },
  { label: "impossible date 2023-02-29", value: "2023-02-29" },
  { label: "month 13", value: "2024-13-01" },
  { label: "date 0000-00-00", value: "0000-00-00" },
  { label: "extended year", value: "+275760-09-13" },
  { label: "impossible date-time", value: "2024-02-30T25:61:61Z" },
  { label: "SQL quote", value: "'; DROP TABLE leads; --" },
  { label: "LIKE wildcards", value: "%_\\%" },
  { label: "bad percent escape", value: "%E0%A4%A" },
  { label: "HTML", value: "<script>alert(1)</script>" },
  { label: "path traversal", value: "../../../etc/passwd" },
  { label: "CRLF header injection", value: "x\r\nSet-Cookie: a=b" },
  { label: "template syntax", value: "${7*7}{{7*7}}" },
  { label: "null", value: null },
  { label: "true", value: true },
  { label: "false", value: false },
  { label: "empty array", value: [] },
  { label: "empty object", value: {} },
  { label: "array of numbers", value: [1, 2, 3] },
  { label: "object with a field", value: { a: 1 } },
  { label: "array of objects", value: [{ a: "b" }, {}] },
];

/** Already percent-encoded text for a query or path parameter. */
export const hostileRawParams: LabelledValue[] = [
  { label: "%00", value: "%00" },
  { label: "text%00text", value: "Acme%00Corp" },
  { label: "UTF-8 of a lone surrogate", value: "%ED%A0%80" },
  { label: "%u escape", value: "%uD800" },
  { label: "lone %", value: "%" },
  { label: "%zz", value: "%zz" },
  { label: "truncated escape", value: "%E0%A4%A" },
  { label: "overlong UTF-8", value: "%C0%AF" },
  { label: "encoded slash", value: "..%2F..%2Fetc" },
  { label: "empty", value: "" },
  { label: "blank", value: "%20%20" },
  { label: "id beyond int32", value: "99999999999" },
  { label: "400 digits", value: "9".repeat(400) },
  { label: "negative", value: "-1" },
  { label: "zero", value: "0" },
  { label: "fraction", value: "1.5" },
  { label: "exponent", value: "1e3" },
  { label: "1e400", value: "1e400" },
  { label: "NaN", value: "NaN" },
  { label: "Infinity", value: "Infinity" },
  { label: "hex", value: "0x10" },
  { label: "impossible date 2024-02-30", value: "2024-02-30" },
  { label: "month 13", value: "2024-13-01" },
  { label: "extended year", value: "%2B275760-09-13" },
  { label: "SQL quote", value: "'%3B%20DROP%20TABLE%20leads%3B--" },
  { label: "LIKE wildcards", value: "%25_%5C" },
  { label: "10,000 characters", value: "a".repeat(10_000) },
  { label: "emoji", value: "%F0%9F%98%80" },
  { label: "plus signs", value: "+++" },
  { label: "__proto__", value: "__proto__" },
];

/** Query text that replaces a parameter with several, or with bracket syntax. */
export const hostileQueryShapes: { label: string; text: (name: string) => string }[] = [
  { label: "repeated parameter", text: (n) => `${n}=a&${n}=b` },
  { label: "bracket array", text: (n) => `${n}[]=1&${n}[]=2` },
  { label: "bracket object", text: (n) => `${n}[a]=1` },
  { label: "no equals sign", text: (n) => n },
];

export interface RequestLevelCase {
  label: string;
  /** undefined sends no body at all. */
  payload?: string | Buffer;
  contentType?: string;
  /** Replaces the query string (without "?"). */
  query?: string;
  /** Appended to the path. */
  pathSuffix?: string;
}

const DEEP_OBJECT_TEXT = nestedObjectText(DEEP_LEVELS);
const DEEP_ARRAY_TEXT = nestedArrayText(DEEP_LEVELS);
const VERY_DEEP_ARRAY_TEXT = nestedArrayText(100_000);
const OVER_1MB_TEXT = JSON.stringify({ a: "x".repeat(1_100_000) });

/** Whole-request shapes: bodies that are not objects, broken JSON, odd content types, odd URLs. */
export function requestLevelCases(validBodyText: string | undefined): RequestLevelCase[] {
  const json = "application/json";
  return [
    { label: "JSON content type, no body", contentType: json },
    { label: "empty body", payload: "", contentType: json },
    { label: "body null", payload: "null", contentType: json },
    { label: "body []", payload: "[]", contentType: json },
    { label: "body {}", payload: "{}", contentType: json },
    { label: "body 0", payload: "0", contentType: json },
    { label: 'body "text"', payload: '"text"', contentType: json },
    { label: "array where an object is expected", payload: `[${validBodyText ?? "{}"}]`, contentType: json },
    { label: "truncated JSON", payload: (validBodyText ?? "{}").slice(0, -1), contentType: json },
    { label: "broken JSON", payload: '{"a":}', contentType: json },
    { label: "BOM before JSON", payload: `\ufeff${validBodyText ?? "{}"}`, contentType: json },
    { label: `body array nested ${DEEP_LEVELS} levels`, payload: DEEP_ARRAY_TEXT, contentType: json },
    { label: `body object nested ${DEEP_LEVELS} levels`, payload: DEEP_OBJECT_TEXT, contentType: json },
    { label: "body array nested 100,000 levels", payload: VERY_DEEP_ARRAY_TEXT, contentType: json },
    { label: "__proto__ key", payload: '{"__proto__":{"isAdmin":true}}', contentType: json },
    { label: "constructor.prototype key", payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: json },
    { label: "duplicate keys", payload: validBodyText ? `${validBodyText.slice(0, -1)}${validBodyText.length > 2 ? "," : ""}"email":1,"email":"x@y.co"}` : '{"a":1,"a":2}', contentType: json },
    { label: "invalid UTF-8 bytes", payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xc0, 0xaf]), Buffer.from('"}')]), contentType: json },
    { label: "body over 1 MB", payload: OVER_1MB_TEXT, contentType: json },
    { label: "text/plain body", payload: validBodyText ?? "{}", contentType: "text/plain" },
    { label: "form body", payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
    { label: "multipart body without boundary", payload: "--x\r\n\r\n", contentType: "multipart/form-data" },
    { label: "JSON declared as UTF-16", payload: validBodyText ?? "{}", contentType: "application/json; charset=utf-16le" },
    { label: "upper-case JSON content type", payload: validBodyText ?? "{}", contentType: "APPLICATION/JSON" },
    { label: "bogus content type", payload: validBodyText ?? "{}", contentType: "application/json;;;===" },
    { label: "lone % query", query: "%" },
    { label: "broken escapes in query", query: "a=%E0%A4%A&%zz=1&=&&" },
    { label: "NUL query key", query: "%00=1" },
    { label: "__proto__ query", query: "__proto__=1&constructor=2&toString=3" },
    { label: "5,000 query parameters", query: Array.from({ length: 5_000 }, (_, i) => `p${i}=${i}`).join("&") },
    { label: "trailing slash", pathSuffix: "/" },
    { label: "double slash", pathSuffix: "//" },
    { label: "dot segments", pathSuffix: "/../.." },
    { label: "encoded NUL segment", pathSuffix: "/%00" },
    { label: "malformed escape segment", pathSuffix: "/%E0%A4%A" },
  ];
}

/** Cookies and headers sent alongside an otherwise ordinary request. */
export interface OddHeaders {
  label: string;
  cookies?: string[];
  headers?: Record<string, string>;
  /** Only without the admin's session: these replace or garble the credential itself. */
  anonymousOnly?: boolean;
}

export const oddHeaders: OddHeaders[] = [
  { label: "leadwell_ref of 500 characters", cookies: [`leadwell_ref=${"A".repeat(500)}`] },
  { label: "leadwell_ref %00", cookies: ["leadwell_ref=%00"] },
  { label: "leadwell_ref with %00 inside", cookies: ["leadwell_ref=ACME%00X"] },
  { label: "leadwell_ref malformed escape", cookies: ["leadwell_ref=%E0%A4%A"] },
  { label: "leadwell_ref lone surrogate escape", cookies: ["leadwell_ref=%ED%A0%80"] },
  { label: "leadwell_ref empty", cookies: ["leadwell_ref="] },
  { label: "leadwell_ref SQL quote", cookies: ["leadwell_ref='%20OR%201=1--"] },
  { label: "leadwell_ref twice", cookies: ["leadwell_ref=AAA", "leadwell_ref=BBB"] },
  { label: "cookie header of 8,000 characters", cookies: [`junk=${"j".repeat(8_000)}`] },
  { label: "cookie without a name", cookies: ["=value", ";;;"] },
  { label: "garbage session cookie", cookies: ["leadwell_session=garbage"], anonymousOnly: true },
  { label: "forged signed session cookie", cookies: ["leadwell_session=s%3Aabc.def"], anonymousOnly: true },
  { label: "session cookie %00", cookies: ["leadwell_session=%00"], anonymousOnly: true },
  { label: "session cookie of 5,000 characters", cookies: [`leadwell_session=${"s".repeat(5_000)}`], anonymousOnly: true },
  { label: "garbage bearer token", headers: { authorization: "Bearer not-a-key" }, anonymousOnly: true },
  { label: "affiliate-prefixed garbage token", headers: { authorization: "Bearer lwa_garbage" }, anonymousOnly: true },
  { label: "empty bearer token", headers: { authorization: "Bearer " }, anonymousOnly: true },
  { label: "bearer token of 10,000 characters", headers: { authorization: `Bearer ${"k".repeat(10_000)}` }, anonymousOnly: true },
  { label: "basic auth", headers: { authorization: "Basic YWRhOnB3" }, anonymousOnly: true },
  { label: "odd x-forwarded-for", headers: { "x-forwarded-for": "999.1.1.1, ::ffff:zz, %00" } },
  { label: "odd accept-language", headers: { "accept-language": "*;q=abc, zz-ZZ;q=2" } },
  { label: "accept xml only", headers: { accept: "application/xml" } },
  { label: "user agent of 5,000 characters", headers: { "user-agent": "u".repeat(5_000) } },
];
