// Imports nothing at run time (the catalogue only as types): every schema file and the client's first chunk use it.
import type { ErrorCode, ErrorParams, ErrorParamsArgs } from "./error-codes";

/**
 * A validation message that carries an error code (contract/error-codes.ts): the code alone, or `code|{"max":200}`
 * with its params as JSON. Contract schemas give these as their zod messages (and the zod error map in
 * zod-error-map.ts derives them for zod's own checks), so the client's forms and the server's error handler both
 * read the code back rather than matching English text.
 */
export function errorMessage<C extends ErrorCode>(code: C, ...params: ErrorParamsArgs<C>): string {
  return encodeErrorMessage(code, params[0]);
}

/** errorMessage for a code and params known only at run time. */
export function encodeErrorMessage(code: string, params?: ErrorParams): string {
  return params && Object.keys(params).length > 0 ? `${code}|${JSON.stringify(params)}` : code;
}

const CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

function isErrorParams(value: unknown): value is ErrorParams {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === "string" || typeof v === "number");
}

/**
 * The code and params of a message written by errorMessage, or undefined when the message is plain text. Only the
 * form is checked: whether the code is known is for the reader to decide (decodeErrorMessage checks the catalogue).
 */
export function parseErrorMessage(message: string | undefined): { code: string; params?: ErrorParams } | undefined {
  if (!message) return undefined;
  const bar = message.indexOf("|");
  const code = bar === -1 ? message : message.slice(0, bar);
  if (!CODE.test(code)) return undefined;
  if (bar === -1) return { code };
  try {
    const params: unknown = JSON.parse(message.slice(bar + 1));
    return isErrorParams(params) ? { code, params } : undefined;
  } catch {
    return undefined;
  }
}
