import type { QueryFunction } from "@tanstack/react-query";
import { isApiError } from "@contract/api-error-guard";

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
    // Only requests with a body carry a content type; bodiless calls send no headers at all.
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}

type UnauthorizedBehavior = "returnNull" | "throw";

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
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
 * A message fit for a person: the server's `error` field when the body is the API error shape,
 * otherwise the body text. `fallback` replaces network failures and empty answers.
 */
export function apiErrorMessage(err: unknown, fallback?: string): string {
  const parsed = parseApiError(err);
  if (parsed) return parsed.body?.error || parsed.text.trim() || fallback || String(parsed.status);
  if (fallback) return fallback;
  return err instanceof Error ? err.message : String(err);
}

/** Per-field messages from a 400 answer, keyed by field path; empty when there are none. */
export function apiFieldErrors(err: unknown): Record<string, string> {
  return parseApiError(err)?.body?.fields ?? {};
}
