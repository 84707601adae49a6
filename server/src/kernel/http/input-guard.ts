import type { FastifyInstance } from "fastify";
import { errorText } from "@contract/error-codes";
import { badRequest } from "./errors";

/**
 * How deeply a request's body, query or path parameters may nest objects and arrays (the document itself is
 * level 1, so `{"customFields": {...}}` leaves 31 levels inside customFields). Free-form JSON fields such as
 * quizHistory, aiAnalysis and customFields hold a handful of levels in practice; thousands of levels overflow
 * the stack of every recursive serialiser the value later meets (the response, the database driver).
 */
export const MAX_INPUT_DEPTH = 32;

export interface InputProblem {
  /** The field, named like validation errors name it: dotted path from the top of the body, query or params. */
  path: string;
  code: TextProblem | "field.too_deep";
}

type TextProblem = "field.nul_character" | "field.lone_surrogate";

export const NUL_MESSAGE = errorText("field.nul_character");
export const SURROGATE_MESSAGE = errorText("field.lone_surrogate");
export const DEPTH_MESSAGE = errorText("field.too_deep", { max: MAX_INPUT_DEPTH });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What PostgreSQL text cannot store: a NUL, or a UTF-16 surrogate half that has no UTF-8 encoding. */
function textProblem(text: string): TextProblem | undefined {
  if (text.includes("\u0000")) return "field.nul_character";
  if (LONE_SURROGATE.test(text)) return "field.lone_surrogate";
  return undefined;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== "object") return false;
  // Only plain data (parsed JSON, a parsed query string): never walk into buffers, streams or class instances.
  // (The query parser's objects inherit from a prototype that itself has none.)
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** A key as it can be shown in a path: the characters that are its problem, escaped. */
const printableKey = (key: string) => JSON.stringify(key).slice(1, -1);

/** A value still to look at, and where it sits: its key and its container's node (the path is built only on failure). */
interface Pending {
  value: unknown;
  key: string | null;
  parent: Pending | null;
  depth: number;
}

function pathOf(node: Pending): string[] {
  const path: string[] = [];
  for (let n: Pending | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The first NUL character, lone surrogate or too-deep nesting in a request part, walking iteratively so that
 * no input can exhaust the stack here. `part` names a value that is itself text (a whole body sent as a string).
 */
export function findInputProblem(value: unknown, part: string): InputProblem | undefined {
  const pending: Pending[] = [{ value, key: null, parent: null, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === "string") {
      const code = textProblem(item.value);
      if (code) return { path: pathOf(item).join(".") || part, code };
      continue;
    }
    if (!isContainer(item.value)) continue;
    const depth = item.depth + 1;
    // The field the client sent is what it can act on; the full path down 32 levels would not help it.
    if (depth > MAX_INPUT_DEPTH) return { path: pathOf(item)[0] ?? part, code: "field.too_deep" };
    const keys = Array.isArray(item.value) ? null : Object.keys(item.value);
    const length = keys ? keys.length : (item.value as unknown[]).length;
    // Pushed in reverse so the first problem in document order is the one reported.
    for (let i = length - 1; i >= 0; i--) {
      const key = keys ? keys[i]! : String(i);
      const keyProblem = keys ? textProblem(key) : undefined;
      if (keyProblem) return { path: [...pathOf(item), printableKey(key)].join("."), code: keyProblem };
      const child = (item.value as Record<string, unknown>)[key];
      // Only strings and containers can hold a problem: numbers, booleans and nulls are not queued.
      if (typeof child === "string" || (typeof child === "object" && child !== null)) pending.push({ value: child, key, parent: item, depth });
    }
  }
  return undefined;
}

/**
 * One check for every request, before any route's validation runs: path parameters, query and body must hold
 * text PostgreSQL can store, nested at most MAX_INPUT_DEPTH levels. A route added later is covered without
 * doing anything. Answers 400 {error: "<field>: ...", fields: {<field>: ...}} like a validation error.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const problem =
      findInputProblem(request.params, "params") ?? findInputProblem(request.query, "querystring") ?? findInputProblem(request.body, "body");
    if (!problem) return;
    throw problem.code === "field.too_deep" ? badRequest(problem.path, problem.code, { max: MAX_INPUT_DEPTH }) : badRequest(problem.path, problem.code);
  });
}
