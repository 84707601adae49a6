import i18next from "i18next";
import { isApiError } from "@contract/api-error-guard";
import type { ApiError } from "@contract/errors";
import { encodeErrorMessage } from "@contract/error-message";
import { readBrand } from "./brand-storage";
import { isKnownErrorCode, translateErrorCode } from "./validation-message";

/** Names the brand chosen in this browser on every call, for the audit trail (URI-encoded: a header is Latin-1 only). */
const BRAND_HEADER = "x-leadwell-brand";

/** Errors thrown here always read `${status}: ${bodyText || statusText}` (spec §7/§8). */
async function throwIfResNotOk(res: Response) {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
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

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

function parseApiError(err: unknown) {
  if (!(err instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(err.message);
  if (!match) return undefined;
  const status = Number(match[1]);
  const text = match[2] ?? "";
  try {
    const parsed: unknown = JSON.parse(text);
    if (isApiError(parsed)) return { status, text, body: parsed };
  } catch {
    // The body was not JSON (e.g. a proxy's HTML error page); the raw text is still useful.
  }
  return { status, text, body: undefined };
}

/** The HTTP status of an error thrown by apiRequest / the default query function, if any. */
export function apiErrorStatus(err: unknown): number | undefined {
  return parseApiError(err)?.status;
}

/**
 * An API error in the reader's language, from its code. A 400 (or 414) about a field reads "<field>: <message>", as
 * the server's English does; the English stands in for a code this client does not know.
 */
function translatedApiError(body: ApiError, status: number): string {
  const [field] = status === 400 || status === 414 ? Object.entries(body.fieldCodes ?? {}) : [];
  if (field) {
    const [name, { code, params }] = field;
    const text = translateErrorCode(i18next.t, code, params);
    if (text) return `${name}: ${text}`;
  }
  return translateErrorCode(i18next.t, body.code, body.params) ?? body.error;
}

/**
 * A message fit for a person, in their language: the server's error code translated when the body is the API error
 * shape, otherwise the body text. `fallback` replaces network failures and empty answers.
 */
export function apiErrorMessage(err: unknown, fallback?: string): string {
  const parsed = parseApiError(err);
  if (parsed) return (parsed.body && translatedApiError(parsed.body, parsed.status)) || parsed.text.trim() || fallback || String(parsed.status);
  if (fallback) return fallback;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Per-field messages from an error answer, keyed by field path; empty when there are none. Each is its error code
 * as a validation message (contract/error-message.ts), which translateValidationMessage / useValidationMessage
 * say in the reader's language when the form shows it; the server's English when this client does not know the code.
 */
export function apiFieldErrors(err: unknown): Record<string, string> {
  const body = parseApiError(err)?.body;
  const messages: Record<string, string> = { ...body?.fields };
  for (const [name, { code, params }] of Object.entries(body?.fieldCodes ?? {})) {
    if (isKnownErrorCode(code)) messages[name] = encodeErrorMessage(code, params);
  }
  return messages;
}
