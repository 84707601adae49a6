// Imports nothing: error-codes.ts reads messages with it, and error-message.ts writes them with it.

/** Values a message names, by name (`{ "max": 200 }`). */
export type ErrorParams = Record<string, string | number>;

/**
 * How a validation message carries an error code (contract/error-codes.ts): the code alone, or `code|{"max":200}`
 * with its params as JSON. errorMessage (error-message.ts) writes one with its code and params checked against the
 * catalogue; encodeErrorMessage writes one for a code and params known only at run time.
 */
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
