import type { FastifyInstance, InjectOptions } from "fastify";

/** What the checks read of an answer. */
interface Answer {
  statusCode: number;
  body: string;
}
import { mutatedField, render, type FuzzCase, type RenderedRequest } from "./fuzz-cases";
import type { Operation } from "./openapi-operations";

export type FailureKind =
  | "5xx"
  | "response aborted"
  | "400 does not name the mutated field"
  | "400 for a schema-valid input names no field"
  | "400 without an error message" | "no answer" | "request rejected" | "health" | "admin session lost";

export interface Failure {
  kind: FailureKind;
  operation: string;
  method: string;
  url: string;
  input: string;
  signedIn: boolean;
  status?: number;
  answer: string;
}

export interface OperationStats {
  sent: number;
  /** Answered by the route itself, not by the not-found handler. */
  reached: number;
  /** Signed-in requests the route answered with something other than 401. */
  reachedPastSignIn: number;
  statuses: Record<number, number>;
  /** Time spent waiting for this operation's answers (requests overlap, so the sum exceeds the wall clock). */
  totalMs: number;
}

export interface FuzzReport {
  requests: number;
  elapsedMs: number;
  /** Process CPU time (all threads: the app, PGlite's WASM, argon2's pool) while the fuzz ran. */
  cpuMs: number;
  statuses: Record<number, number>;
  byOperation: Map<string, OperationStats>;
  failures: Failure[];
  /** 400s for inputs the document calls valid: the zod schema is stricter than the JSON Schema it publishes. */
  validRefused: Map<string, Set<string>>;
  /** Mutated requests whose 400 matched the unmutated base's own 400 (the base was refused for another reason). */
  excusedByBase: number;
  unsendable: number;
  healthChecks: number;
}

export interface FuzzRunOptions {
  app: FastifyInstance;
  operations: Operation[];
  cases: FuzzCase[];
  /** Requests in flight at once. */
  concurrency: number;
  /** Health and session are checked between batches of this many requests. */
  batchSize: number;
  /** Signs the administrator in and answers the session cookie as "name=value". */
  signIn: () => Promise<string>;
  /** Called after each batch with the running count. */
  onProgress?: (done: number, total: number) => void;
}

const REQUEST_TIMEOUT_MS = 30_000;
const LOGOUT_PATH = "/api/auth/logout";
const SESSION_CHECK_PATH = "/api/auth/me";

/** Spreads requests over many client addresses so per-address rate limits do not stop the fuzz at the door. */
export function remoteAddressFor(n: number): string {
  const i = n % 4096;
  return n % 7 === 0 ? `2001:db8::${i.toString(16)}` : `10.77.${i >> 8}.${i & 255}`;
}

function excerpt(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Whether a 400's `fields` names the mutated field, one of its ancestors, or something inside it. A rule across
 * two fields ("endDate must be on or after startDate") files the message under one of them; it counts when the
 * message names the mutated field.
 */
export function namesField(fields: unknown, field: string, accepted: string[]): boolean {
  if (typeof fields !== "object" || fields === null) return false;
  const leaf = field.split(".").at(-1)!;
  const mentions = new RegExp(`\\b${leaf.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
  return Object.entries(fields).some(([k, message]) => accepted.includes(k) || k.startsWith(`${field}.`) || (typeof message === "string" && mentions.test(message)));
}

export async function runFuzz(options: FuzzRunOptions): Promise<FuzzReport> {
  const { app, cases } = options;
  const report: FuzzReport = {
    requests: 0,
    elapsedMs: 0,
    cpuMs: 0,
    statuses: {},
    byOperation: new Map(options.operations.map((op) => [op.key, { sent: 0, reached: 0, reachedPastSignIn: 0, statuses: {}, totalMs: 0 }])),
    failures: [],
    validRefused: new Map(),
    excusedByBase: 0,
    unsendable: 0,
    healthChecks: 0,
  };
  let addressCounter = 0;
  const nextAddress = () => remoteAddressFor(addressCounter++);
  let adminCookie = await options.signIn();

  /**
   * One request, its answer read as it streams: an event stream (text/event-stream, which stays open) is judged by its
   * status and headers and then closed; any other answer is read to its end.
   */
  async function inject(options: InjectOptions): Promise<Answer> {
    const res = await app.inject({ ...options, payloadAsStream: true });
    const body = res.stream();
    if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
      body.on("error", () => undefined);
      (res.raw.res as { destroy(): void }).destroy();
      return { statusCode: res.statusCode, body: "" };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString("utf8") };
  }

  async function send(r: RenderedRequest, sessionCookie: string | undefined): Promise<Answer | Error> {
    const headers: Record<string, string> = { ...(r.odd?.headers ?? {}) };
    if (r.contentType) headers["content-type"] = r.contentType;
    const cookies = [...(sessionCookie ? [sessionCookie] : []), ...(r.odd?.cookies ?? [])];
    if (cookies.length) headers.cookie = cookies.join("; ");
    report.requests++;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        inject({ method: r.method, url: r.url, headers, payload: r.payload, remoteAddress: nextAddress() }),
        new Promise<Error>((resolve) => {
          timer = setTimeout(() => resolve(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000}s`)), REQUEST_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  function fail(c: FuzzCase, r: RenderedRequest, kind: FailureKind, answer: string, status?: number) {
    report.failures.push({ kind, operation: c.op.key, method: r.method, url: excerpt(r.url, 200), input: r.summary, signedIn: c.signedIn, status, answer: excerpt(answer) });
  }

  async function runCase(c: FuzzCase) {
    const r = render(c);
    // Logging out with the admin's own cookie would end the session every other case relies on: use a second one.
    const session = c.signedIn ? (c.op.path === LOGOUT_PATH ? await options.signIn() : adminCookie) : undefined;
    const sentAt = performance.now();
    const res = await send(r, session);
    const stats = report.byOperation.get(c.op.key)!;
    stats.sent++;
    stats.totalMs += performance.now() - sentAt;
    if (res instanceof Error) {
      // light-my-request refuses some header values before the app sees them; that is the client, not the server.
      if (/ERR_INVALID_CHAR|ERR_INVALID_HTTP_TOKEN|Invalid character/.test(`${(res as { code?: string }).code ?? ""} ${res.message}`)) report.unsendable++;
      // A streamed answer that breaks off after the status line: the client sees a cut download, the server an error.
      else if (res.message.includes("response destroyed before completion")) fail(c, r, "response aborted", res.message);
      else fail(c, r, res.message.startsWith("no answer") ? "no answer" : "request rejected", res.stack ?? res.message);
      return;
    }
    const status = res.statusCode;
    report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    const body = parseJson(res.body) as { error?: unknown; fields?: unknown } | undefined;
    const fromNotFoundHandler = status === 404 && typeof body?.error === "string" && body.error.startsWith("No API route for");
    if (!fromNotFoundHandler) stats.reached++;
    if (c.signedIn && status !== 401 && !fromNotFoundHandler) stats.reachedPastSignIn++;
    if (status >= 500) return fail(c, r, "5xx", res.body, status);
    if (status !== 400) return;
    if (typeof body?.error !== "string") return fail(c, r, "400 without an error message", res.body, status);
    const target = mutatedField(c);
    if (!target) {
      if (c.category === "valid") validRefused(c, r, r.summary, res.body, body);
      return;
    }
    if (namesField(body.fields, target.field, target.accepted)) return;
    // The base input may itself be refused (a refinement the document cannot express, a business rule such as
    // "amount exceeds the balance", or a body whose variant does not match its path); then the 400 cannot be laid at
    // the mutation's door, whichever field it names: changing a union's discriminator to match the path, say,
    // rightly answers with the fields the newly chosen variant lacks.
    const base = render(c, true);
    const baseRes = await send(base, session);
    if (!(baseRes instanceof Error) && baseRes.statusCode === 400) {
      report.excusedByBase++;
      validRefused(c, base, `the valid input under "${r.summary}"`, baseRes.body, body);
      return;
    }
    fail(c, r, "400 does not name the mutated field", `expected a field named ${target.accepted.join(" or ")} (or inside ${target.field}); got ${res.body}`, status);
  }

  /**
   * A 400 for an input the document calls valid: the zod schema is stricter than the one it publishes (email
   * format, a rule across fields, a business rule). Allowed, and listed; but the answer must still name a field.
   */
  function validRefused(c: FuzzCase, r: RenderedRequest, summary: string, text: string, body: { error?: unknown; fields?: unknown }) {
    const named = Object.keys((body.fields as object | undefined) ?? {});
    const seen = report.validRefused.get(c.op.key) ?? new Set<string>();
    seen.add(named.join(",") || String(body.error));
    report.validRefused.set(c.op.key, seen);
    if (named.length === 0) fail(c, { ...r, summary }, "400 for a schema-valid input names no field", text, 400);
  }

  async function checkHealth(after: string) {
    report.healthChecks++;
    const health = await app.inject({ method: "GET", url: "/api/health", remoteAddress: nextAddress() });
    if (health.statusCode !== 200) {
      report.failures.push({ kind: "health", operation: "GET /api/health", method: "GET", url: "/api/health", input: after, signedIn: false, status: health.statusCode, answer: excerpt(health.body) });
    }
    const me = await app.inject({ method: "GET", url: SESSION_CHECK_PATH, headers: { cookie: adminCookie }, remoteAddress: nextAddress() });
    if (me.statusCode !== 200) {
      report.failures.push({ kind: "admin session lost", operation: `GET ${SESSION_CHECK_PATH}`, method: "GET", url: SESSION_CHECK_PATH, input: after, signedIn: true, status: me.statusCode, answer: excerpt(me.body) });
      adminCookie = await options.signIn();
    }
  }

  const started = performance.now();
  const cpuStart = process.cpuUsage();
  for (let start = 0; start < cases.length; start += options.batchSize) {
    const batch = cases.slice(start, start + options.batchSize);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) await runCase(batch[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, worker));
    await checkHealth(`after request ${start + batch.length}`);
    options.onProgress?.(start + batch.length, cases.length);
  }
  report.elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  report.cpuMs = (cpu.user + cpu.system) / 1000;
  return report;
}

/** The console summary: totals, statuses, each route's answers, then every failure grouped by route and input. */
export function formatReport(report: FuzzReport, title: string): string {
  const lines: string[] = [];
  const secs = report.elapsedMs / 1000;
  lines.push(`${title}: ${report.requests} requests to ${report.byOperation.size} operations in ${secs.toFixed(1)} s (${Math.round(report.requests / secs)}/s; ${(report.cpuMs / 1000).toFixed(1)} s CPU), ${report.healthChecks} health checks`);
  lines.push(`  statuses: ${formatStatuses(report.statuses)}`);
  if (report.unsendable) lines.push(`  ${report.unsendable} requests the inject client refused to build (invalid header characters)`);
  if (report.excusedByBase) lines.push(`  ${report.excusedByBase} mutated requests whose 400 equalled the unmutated input's own 400`);
  for (const [key, s] of report.byOperation) lines.push(`  ${key.padEnd(50)} ${String(s.sent).padStart(5)} ${`${(s.totalMs / Math.max(1, s.sent)).toFixed(1)}ms`.padStart(8)}  ${formatStatuses(s.statuses)}`);
  if (report.validRefused.size) {
    lines.push("  schema-valid inputs answered 400 (the zod schema is stricter than the published one):");
    for (const [key, fields] of report.validRefused) lines.push(`    ${key}: ${[...fields].slice(0, 6).join(" | ")}`);
  }
  lines.push(...formatFailures(report.failures));
  return lines.join("\n");
}

export function formatFailures(failures: Failure[]): string[] {
  if (failures.length === 0) return ["  no failures"];
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.kind} | ${f.operation} | ${f.input}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [`  ${failures.length} failures in ${groups.size} groups (kind | route | input):`];
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const first = list[0]!;
    lines.push(`  - ${key} ×${list.length} (${first.signedIn ? "signed in" : "no credentials"}): ${first.status ?? ""} ${first.method} ${first.url}`);
    lines.push(`      ${first.answer.replaceAll("\n", " ")}`);
  }
  return lines;
}

function formatStatuses(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
}
