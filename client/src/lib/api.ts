import i18next from "i18next";
import type { ErrorParams } from "@contract/error-codes";
import { encodeErrorMessage } from "@contract/error-message";
import { ApiError, asApiError, type ApiFieldError } from "./api-error";
import { readBrand } from "./brand-storage";
import { isKnownErrorCode, translateErrorCode } from "./validation-message";

export { ApiError, asApiError, type ApiFieldError } from "./api-error";

/** Names the brand chosen in this browser on every call, for the audit trail (URI-encoded: a header is Latin-1 only). */
const BRAND_HEADER = "x-leadwell-brand";

/** A non-ok answer throws an ApiError: its status, code, params and fields, its message `${status}: ${body}` (spec §8). */
async function throwIfResNotOk(res: Response) {
  if (!res.ok) throw await ApiError.fromResponse(res);
}

export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: "include",
    signal,
    // Only requests with a body carry a content type; every call names the brand chosen in this browser.
    headers: { ...(hasBody ? { "Content-Type": "application/json" } : {}), [BRAND_HEADER]: encodeURIComponent(readBrand()) },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}

/** The HTTP status of an error thrown by apiRequest or the typed caller; undefined for a network failure. */
export function apiErrorStatus(err: unknown): number | undefined {
  return asApiError(err)?.status;
}

/**
 * An API error in the reader's language, from its code. A 400 (or 414) about a field reads "<field>: <message>", as
 * the server's English does; the English stands in for a code this client does not know.
 */
function translatedApiError(error: ApiError): string | undefined {
  const say = (code: string | undefined, params: ErrorParams | undefined) =>
    code === undefined ? undefined : translateErrorCode(i18next.t, code, params);
  const [field] = error.status === 400 || error.status === 414 ? Object.entries(error.fields).filter(([, { code }]) => code !== undefined) : [];
  const fieldText = field && say(field[1].code, field[1].params);
  if (field && fieldText) return `${field[0]}: ${fieldText}`;
  return say(error.code, error.params) ?? error.serverMessage;
}

/**
 * A message fit for a person, in their language: the server's error code translated when the body is the API error
 * shape, otherwise the body text. `fallback` replaces network failures and empty answers.
 */
export function apiErrorMessage(err: unknown, fallback?: string): string {
  const error = asApiError(err);
  if (error) return translatedApiError(error) || error.text.trim() || fallback || String(error.status);
  if (fallback) return fallback;
  return err instanceof Error ? err.message : String(err);
}

/**
 * A field's error as a validation message for a form: its code (contract/error-message.ts), which
 * translateValidationMessage / useValidationMessage say in the reader's language when the form shows it, or the
 * server's English when this client does not know the code.
 */
export function fieldErrorMessage({ code, params, text }: ApiFieldError): string {
  return code !== undefined && isKnownErrorCode(code) ? encodeErrorMessage(code, params) : text;
}

/** Per-field messages from an error answer (see fieldErrorMessage), keyed by field path; empty when there are none. */
export function apiFieldErrors(err: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(asApiError(err)?.fields ?? {}).map(([name, field]) => [name, fieldErrorMessage(field)]));
}
