import type { ApiError } from "./errors";

/** Recognises the API error shape without zod, so the client's first chunk stays small. */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== "object" || value === null) return false;
  const { error, fields } = value as Record<string, unknown>;
  if (typeof error !== "string") return false;
  if (fields === undefined) return true;
  return typeof fields === "object" && fields !== null && Object.values(fields).every((v) => typeof v === "string");
}
