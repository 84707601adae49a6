import fc from "fast-check";
import { accepts, branches, numericBounds, type JsonSchema } from "./json-schema";

/**
 * Values derived from a route's own JSON Schema: `validValue` draws inputs the document says are valid,
 * `boundaryValues` sits on and just past every limit the schema states. Field names only steer *which*
 * valid value is drawn (an `email` string gets an address), because zod refinements such as z.email()
 * do not appear in the document and a random string would never get past them to the handler.
 */

const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
/** Long enough to matter, short enough that a 20,000-request run stays fast. */
const TYPICAL_STRING_MAX = 40;

/** Drops whole code points from the end until the UTF-16 length fits, so no lone surrogate appears by accident. */
function fitLength(text: string, max: number): string {
  let out = text;
  while (out.length > max) out = Array.from(out).slice(0, -1).join("");
  return out;
}

/**
 * Mostly a small shared set of addresses, so records refer to each other: a KPI record or notification for an
 * address needs a lead with it, and a second lead with it is a conflict. The administrator's address is not among
 * them: failed sign-ins for it would lock the session the fuzz runs on.
 */
export const SHARED_EMAILS = Array.from({ length: 24 }, (_, i) => `owner${i}@fuzz.example`);

const emailArb = (max: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...SHARED_EMAILS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.stringMatching(/^[a-z]{2,10}$/), fc.constantFrom("test", "example", "co"))
        .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
    },
  ).map((email) => fitLength(email, max));

const isoDayArb = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const decimalArb = fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => whole + cents / 100);

function textArb(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.max(min, Math.min(max, TYPICAL_STRING_MAX));
  // A letter first: zod trims, and a blank value would fail min(1) instead of reaching the handler.
  const body = fc.string({ unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABC-.'0123456789") }, { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) }), minLength: Math.max(0, min - 1), maxLength: Math.max(0, cap - 1) });
  return fc.tuple(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"), body).map(([first, rest]) => {
    let text = fitLength(first + rest, max);
    while (text.trim().length < min) text += "x";
    return text;
  });
}

function stringArb(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 5_000;
  const lower = name.toLowerCase();
  if (schema.pattern === DATE_PATTERN) return isoDayArb;
  if (lower.includes("email")) return emailArb(max);
  if (lower.endsWith("url")) return fc.stringMatching(/^[a-z0-9]{1,20}$/).map((p) => `https://example.test/${p}`);
  if (lower.includes("password")) return fc.string({ unit: "grapheme-ascii", minLength: Math.max(min, 12), maxLength: Math.max(min, Math.min(max, 40)) });
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).map((s) => fitLength(s, max)).filter((s) => s.length >= min && pattern.test(s));
  }
  return textArb(min, max);
}

function numberArb(schema: JsonSchema, name: string): fc.Arbitrary<number> {
  const { min, max, exclusiveMin, exclusiveMax } = numericBounds(schema);
  if (schema.type === "integer") {
    const lo = Math.max(min === undefined ? -1_000_000 : exclusiveMin ? min + 1 : min, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max === undefined ? 1_000_000 : exclusiveMax ? max - 1 : max, Number.MAX_SAFE_INTEGER);
    // Ids that exist are small; the whole documented range is drawn too, because the document promises it works.
    const nearLow = fc.integer({ min: lo, max: Math.min(hi, lo + (name.toLowerCase().endsWith("id") || name === "id" ? 40 : 1_000)) });
    return fc.oneof({ weight: 6, arbitrary: nearLow }, { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) });
  }
  const lo = min ?? -1e6;
  const hi = max ?? 1e6;
  return fc.oneof(
    { weight: 4, arbitrary: decimalArb.filter((v) => v >= lo && v <= hi && !(exclusiveMin && v === lo) && !(exclusiveMax && v === hi)) },
    { weight: 1, arbitrary: fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true, minExcluded: exclusiveMin, maxExcluded: exclusiveMax }) },
  );
}

/** Money fields are `number | non-empty string` in the document; the string carries a decimal. */
function isMoney(schema: JsonSchema): boolean {
  // An id-or-keyword union ("me" or a user id) has an integer branch: not money.
  const integerBranch = schema.anyOf?.some((branch) => branch.type === "integer") ?? false;
  return Boolean(schema.anyOf) && !integerBranch && accepts(schema, "number") && accepts(schema, "string");
}

/**
 * Free-form JSON (a schema of `{}`), a few levels deep. Keys never spell "__proto__" or "constructor": a body
 * holding those is refused by Fastify's prototype-poisoning guard, which the request-level cases test on purpose.
 */
const jsonKeyArb = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,11}$/);
const freeJsonArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(jsonKeyArb, tie("value"), { maxKeys: 3 }),
  ),
})).value;

export function validValue(schema: JsonSchema, name = ""): fc.Arbitrary<unknown> {
  if (isMoney(schema)) return fc.oneof(decimalArb, decimalArb.map((v) => v.toFixed(2)));
  if (schema.anyOf || schema.oneOf) return fc.oneof(...branches(schema).map((b) => validValue(b, name)));
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, name);
  let base: fc.Arbitrary<unknown>;
  if (schema.enum) base = fc.constantFrom(...schema.enum);
  else {
    switch (schema.type) {
      case "string":
        base = stringArb(schema, name);
        break;
      case "integer":
      case "number":
        base = numberArb(schema, name);
        break;
      case "boolean":
        base = fc.boolean();
        break;
      case "array":
        base = fc.array(schema.items ? validValue(schema.items, name) : freeJsonArb, {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        });
        break;
      case "object":
        base = objectArb(schema);
        break;
      case "null":
        base = fc.constant(null);
        break;
      default:
        base = freeJsonArb;
    }
  }
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function objectArb(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    // A record of anything (aiAnalysis, customFields): keys of our own, values from the schema given for them.
    const extra = schema.additionalProperties;
    if (!extra) return fc.constant({});
    return fc.dictionary(jsonKeyArb, extra === true ? freeJsonArb : validValue(extra), { maxKeys: 4 });
  }
  const shape = Object.fromEntries(keys.map((k) => [k, validValue(properties[k]!, k)]));
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) }) as fc.Arbitrary<Record<string, unknown>>;
}

export interface LabelledValue {
  label: string;
  value: unknown;
}

/** Values on each limit the schema states and one step past it, plus null and each enum member's near misses. */
export function boundaryValues(schema: JsonSchema, name = ""): LabelledValue[] {
  const out: LabelledValue[] = [];
  for (const b of branches(schema)) {
    if (b.nullable) out.push({ label: "null", value: null });
    if (b.enum) {
      for (const v of b.enum) {
        out.push({ label: `enum ${String(v)}`, value: v });
        if (typeof v === "string") out.push({ label: "enum upper-case", value: v.toUpperCase() }, { label: "enum with space", value: ` ${v} ` });
      }
      continue;
    }
    if (b.type === "string") {
      const min = b.minLength ?? 0;
      const max = b.maxLength;
      const fill = name.toLowerCase().includes("email") ? (n: number) => (n > 8 ? `${"a".repeat(n - 8)}@ex.test` : "a".repeat(n)) : (n: number) => "a".repeat(n);
      out.push({ label: "empty string", value: "" }, { label: "blank string", value: " ".repeat(Math.max(1, min)) });
      if (min > 1) out.push({ label: `length ${min - 1} (min ${min})`, value: fill(min - 1) }, { label: `length ${min} (min)`, value: fill(min) });
      if (max !== undefined) out.push({ label: `length ${max} (max)`, value: fill(max) }, { label: `length ${max + 1} (max+1)`, value: fill(max + 1) });
      if (b.pattern === DATE_PATTERN) {
        out.push(
          { label: "leap day", value: "2024-02-29" },
          { label: "epoch", value: "1970-01-01" },
          { label: "year 1", value: "0001-01-01" },
          { label: "year 9999", value: "9999-12-31" },
        );
      }
    }
    if (b.type === "integer" || b.type === "number") {
      const { min, max } = numericBounds(b);
      for (const [label, v] of [
        ["minimum", min],
        ["minimum-1", min === undefined ? undefined : min - 1],
        ["maximum", max],
        ["maximum+1", max === undefined ? undefined : max + 1],
      ] as const) {
        if (v !== undefined) out.push({ label, value: v });
      }
      out.push({ label: "zero", value: 0 }, { label: "int32 max", value: 2_147_483_647 }, { label: "int32 max+1", value: 2_147_483_648 });
      if (b.type === "integer") out.push({ label: "fraction", value: 1.5 });
    }
    if (b.type === "boolean") out.push({ label: "true", value: true }, { label: "false", value: false });
    if (b.type === "array") {
      const item = b.items ? fc.sample(validValue(b.items, name), { seed: 1, numRuns: 1 })[0] : 1;
      out.push({ label: "empty array", value: [] });
      if (b.maxItems !== undefined) {
        out.push({ label: `${b.maxItems} items (max)`, value: Array(b.maxItems).fill(item) });
        out.push({ label: `${b.maxItems + 1} items (max+1)`, value: Array(b.maxItems + 1).fill(item) });
      }
    }
    if (b.type === "object") out.push({ label: "empty object", value: {} });
  }
  return out;
}
