import fc from "fast-check";
import { branches, type JsonSchema } from "./json-schema";
import { hostileJsonValues, toJsonText, hostileQueryShapes, hostileRawParams, oddHeaders, requestLevelCases, type OddHeaders, type RequestLevelCase } from "./hostile-values";
import type { Operation, Param } from "./openapi-operations";
import { boundaryValues, validValue, type LabelledValue } from "./schema-values";

/** What a request is built from before anything is mutated: path and query values already percent-encoded. */
export interface BaseInput {
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

export type FieldPath = (string | number)[];

export type Mutation =
  | { kind: "body-set"; path: FieldPath; value: unknown; label: string }
  | { kind: "body-delete"; path: FieldPath; label: string }
  | { kind: "body-unknown"; path: FieldPath; key: string; value: unknown; label: string }
  | { kind: "query-set"; name: string; raw: string; label: string }
  | { kind: "query-shape"; name: string; text: string; label: string }
  | { kind: "query-delete"; name: string; label: string }
  | { kind: "path-set"; name: string; raw: string; label: string }
  | { kind: "request"; request: RequestLevelCase; label: string };

export type CaseCategory = "valid" | "boundary" | "hostile" | "request";

export interface FuzzCase {
  op: Operation;
  category: CaseCategory;
  base: BaseInput;
  mutation?: Mutation;
  /** Index into oddHeaders, or -1 for ordinary headers. */
  oddIndex: number;
  /** Half the cases carry the administrator's session, half no credentials. */
  signedIn: boolean;
}

/** A body or query field a mutation targets, as the error handler names fields (dotted path). */
export interface MutatedField {
  location: "body" | "query";
  field: string;
  /** Names the 400 may carry instead of the field itself: its ancestors, and for an unknown key the object holding it. */
  accepted: string[];
}

const encode = (v: unknown) => encodeURIComponent(typeof v === "string" ? v : toJsonText(v));

function paramsArb(params: Param[]): fc.Arbitrary<Record<string, string>> {
  if (params.length === 0) return fc.constant({});
  const shape = Object.fromEntries(params.map((p) => [p.name, validValue(p.schema, p.name).map(encode)]));
  return fc.record(shape, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<Record<string, string>>;
}

function baseArb(op: Operation): fc.Arbitrary<BaseInput> {
  return fc.record({
    path: paramsArb(op.pathParams),
    query: paramsArb(op.query),
    body: op.body ? validValue(op.body, "body") : fc.constant(undefined),
  });
}

interface BodyTarget {
  path: FieldPath;
  schema: JsonSchema;
  name: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every property the schema names (present in the value or not), and the first item of each array, recursively. */
export function bodyTargets(schema: JsonSchema, value: unknown, path: FieldPath = [], name = "body"): BodyTarget[] {
  const out: BodyTarget[] = [];
  const objectSchema = branches(schema).find((b) => b.type === "object" && b.properties);
  const arraySchema = branches(schema).find((b) => b.type === "array" && b.items);
  if (objectSchema && isRecord(value)) {
    for (const [key, propSchema] of Object.entries(objectSchema.properties!)) {
      out.push({ path: [...path, key], schema: propSchema, name: key });
      if (key in value) out.push(...bodyTargets(propSchema, value[key], [...path, key], key));
    }
  } else if (arraySchema && Array.isArray(value) && value.length > 0) {
    out.push({ path: [...path, 0], schema: arraySchema.items!, name });
    out.push(...bodyTargets(arraySchema.items!, value[0], [...path, 0], name));
  }
  return out;
}

const UNKNOWN_KEYS = ["zzUnknownField", "id", "role", "isAdmin", "createdAt", "userId"];

function pick<T>(items: T[], n: number): T {
  return items[n % items.length]!;
}

/**
 * One case for one operation: a valid input from the schema, or that input with one field set to a boundary or
 * hostile value, or a request-level oddity (non-object body, broken JSON, odd URL). fast-check draws the base
 * input and every choice, so a seed reproduces the whole run.
 */
export function caseArb(op: Operation): fc.Arbitrary<FuzzCase> {
  const odd = fc.oneof({ weight: 7, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat({ max: oddHeaders.length - 1 }) });
  return fc.tuple(baseArb(op), fc.nat({ max: 99 }), fc.nat(), fc.nat(), odd).map(([base, roll, n1, n2, oddIndex]) => {
    const c = (category: CaseCategory, mutation?: Mutation): FuzzCase => ({ op, category, base, mutation, oddIndex, signedIn: false });
    const targets = op.body ? bodyTargets(op.body, base.body) : [];
    const requestLevel = () => {
      const cases = requestLevelCases(base.body === undefined ? undefined : JSON.stringify(base.body));
      const request = pick(cases, n1);
      return c("request", { kind: "request", request, label: request.label });
    };
    if (roll < 25) return c("valid");
    if (roll < 45) {
      const mutation = boundaryMutation(op, base, targets, n1, n2);
      return mutation ? c("boundary", mutation) : c("valid");
    }
    if (roll < 90) {
      const mutation = hostileMutation(op, targets, n1, n2);
      return mutation ? c("hostile", mutation) : requestLevel();
    }
    return requestLevel();
  });
}

function boundaryMutation(op: Operation, base: BaseInput, targets: BodyTarget[], n1: number, n2: number): Mutation | undefined {
  const choices: (() => Mutation | undefined)[] = [];
  for (const t of targets) {
    choices.push(() => {
      const values: LabelledValue[] = [...boundaryValues(t.schema, t.name), { label: "absent", value: undefined }];
      const v = pick(values, n2);
      return v.value === undefined
        ? { kind: "body-delete", path: t.path, label: "field left out" }
        : { kind: "body-set", path: t.path, value: v.value, label: v.label };
    });
  }
  if (op.body && isRecord(base.body)) {
    choices.push(() => ({ kind: "body-unknown", path: [], key: pick(UNKNOWN_KEYS, n2), value: pick(["x", 1, true, null], n2 >> 3), label: "unknown field" }));
  }
  for (const q of op.query) {
    choices.push(() => {
      const values = boundaryValues(q.schema, q.name).filter((v) => v.value !== null);
      if (values.length === 0 || n2 % 5 === 0) return { kind: "query-delete", name: q.name, label: "parameter left out" };
      const v = pick(values, n2);
      return { kind: "query-set", name: q.name, raw: encode(v.value), label: v.label };
    });
  }
  if (choices.length === 0) return undefined;
  return pick(choices, n1)();
}

function hostileMutation(op: Operation, targets: BodyTarget[], n1: number, n2: number): Mutation | undefined {
  const choices: (() => Mutation)[] = [];
  for (const t of targets) {
    choices.push(() => {
      const v = pick(hostileJsonValues, n2);
      return { kind: "body-set", path: t.path, value: v.value, label: v.label };
    });
  }
  for (const q of op.query) {
    choices.push(() => {
      // Mostly encoded values; now and then the parameter repeated or in bracket syntax.
      if (n2 % 8 === 0) {
        const shape = pick(hostileQueryShapes, n2 >> 3);
        return { kind: "query-shape", name: q.name, text: shape.text(q.name), label: shape.label };
      }
      const v = pick(hostileRawParams, n2);
      return { kind: "query-set", name: q.name, raw: v.value as string, label: v.label };
    });
  }
  for (const p of op.pathParams) {
    choices.push(() => {
      const v = pick(hostileRawParams, n2);
      return { kind: "path-set", name: p.name, raw: v.value as string, label: v.label };
    });
  }
  if (choices.length === 0) return undefined;
  return pick(choices, n1)();
}

export function dotted(path: FieldPath): string {
  return path.map(String).join(".");
}

function ancestors(path: FieldPath): string[] {
  const out: string[] = [];
  for (let i = path.length; i > 0; i--) out.push(dotted(path.slice(0, i)));
  return out;
}

/** The field a case mutated, when it mutated one body or query field (other cases have no field to name). */
export function mutatedField(c: FuzzCase): MutatedField | undefined {
  const m = c.mutation;
  if (!m) return undefined;
  switch (m.kind) {
    case "body-set":
    case "body-delete":
      return { location: "body", field: dotted(m.path), accepted: ancestors(m.path) };
    case "body-unknown": {
      // A strict object reports an unknown key on the object that holds it; at the top that is the body itself.
      const holder = m.path.length ? ancestors(m.path) : ["body"];
      return { location: "body", field: dotted([...m.path, m.key]), accepted: [dotted([...m.path, m.key]), ...holder] };
    }
    case "query-set":
    case "query-delete":
      return { location: "query", field: m.name, accepted: [m.name] };
    case "query-shape": {
      // Bracket syntax arrives as a key of its own ("q[]", "q[a]"): a strict query object names that unknown key on
      // the query string itself, like an unknown body field on the body.
      const keys = [...new Set(m.text.split("&").map((pair) => decodeURIComponent(pair.split("=")[0]!)))];
      return { location: "query", field: m.name, accepted: keys.some((k) => k !== m.name) ? [m.name, ...keys, "querystring"] : [m.name] };
    }
    default:
      return undefined;
  }
}

function setAt(target: unknown, path: FieldPath, value: unknown, remove: boolean): unknown {
  if (path.length === 0) return value;
  const root: unknown = structuredClone(target);
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return root;
}

export interface RenderedRequest {
  method: Operation["method"];
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** The odd cookies and headers this case carries, already filtered for the auth mode. */
  odd?: OddHeaders;
  summary: string;
}

/** The request a case describes; `withoutMutation` gives the unmutated base, used to check who caused a 400. */
export function render(c: FuzzCase, withoutMutation = false): RenderedRequest {
  const signedIn = c.signedIn;
  const m = withoutMutation ? undefined : c.mutation;
  const pathValues = { ...c.base.path };
  const query = { ...c.base.query };
  let body = c.base.body;
  let rawQuery: string | undefined;
  let extraQuery = "";
  let requestLevel: RequestLevelCase | undefined;
  switch (m?.kind) {
    case "body-set":
      body = setAt(body, m.path, m.value, false);
      break;
    case "body-delete":
      body = setAt(body, m.path, undefined, true);
      break;
    case "body-unknown":
      body = setAt(body, [...m.path, m.key], m.value, false);
      break;
    case "query-set":
      query[m.name] = m.raw;
      break;
    case "query-delete":
      delete query[m.name];
      break;
    case "query-shape":
      delete query[m.name];
      extraQuery = m.text;
      break;
    case "path-set":
      pathValues[m.name] = m.raw;
      break;
    case "request":
      requestLevel = m.request;
      rawQuery = m.request.query;
      break;
  }
  let path = c.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? "1");
  if (requestLevel?.pathSuffix) path += requestLevel.pathSuffix;
  const queryText = rawQuery ?? [...Object.entries(query).map(([k, v]) => `${k}=${v}`), ...(extraQuery ? [extraQuery] : [])].join("&");
  const url = queryText ? `${path}?${queryText}` : path;

  let payload: string | Buffer | undefined;
  let contentType: string | undefined;
  if (requestLevel && (requestLevel.payload !== undefined || requestLevel.contentType)) {
    payload = requestLevel.payload;
    contentType = requestLevel.contentType;
  } else if (body !== undefined) {
    payload = toJsonText(body);
    contentType = "application/json";
  }

  let odd = c.oddIndex >= 0 ? oddHeaders[c.oddIndex] : undefined;
  // Garbled credentials only make sense without the admin's cookie; a signed-in case takes the next odd header instead.
  if (odd?.anonymousOnly && signedIn) odd = oddHeaders.find((o, i) => i > c.oddIndex && !o.anonymousOnly) ?? oddHeaders[0];

  const label = m ? `${m.kind === "request" ? "" : `${describeTarget(m)} = `}${m.label}` : "valid input";
  const summary = `${c.category}: ${label}${odd ? ` + ${odd.label}` : ""}`;
  return { method: c.op.method, url, payload, contentType, odd, summary };
}

function describeTarget(m: Mutation): string {
  switch (m.kind) {
    case "body-set":
    case "body-delete":
      return `body.${dotted(m.path)}`;
    case "body-unknown":
      return `body.${dotted([...m.path, m.key])}`;
    case "query-set":
    case "query-shape":
    case "query-delete":
      return `query.${m.name}`;
    case "path-set":
      return `path.${m.name}`;
    default:
      return "request";
  }
}

/** A stable number per operation, so adding a route does not reshuffle every other route's cases. */
function hashKey(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator for the interleaving order. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `perOperation` cases for each operation (even and odd draws alternate between the admin's session and no
 * credentials), interleaved in a seeded order so creates, reads and deletes of different routes mix.
 */
export function buildCases(ops: Operation[], perOperation: number, seed: number): FuzzCase[] {
  const all: FuzzCase[] = [];
  for (const op of ops) {
    const drawn = fc.sample(caseArb(op), { seed: (seed ^ hashKey(op.key)) | 0, numRuns: perOperation });
    drawn.forEach((c, i) => all.push({ ...c, signedIn: i % 2 === 0 }));
  }
  const random = seededRandom(seed);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}
