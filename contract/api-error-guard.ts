import type { ApiError } from "./errors";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const isParams = (value: unknown) =>
  value === undefined || (isRecord(value) && Object.values(value).every((v) => typeof v === "string" || typeof v === "number"));

const isCoded = (value: unknown) => isRecord(value) && typeof value.code === "string" && isParams(value.params);

/** Recognises the API error shape without zod, so the client's first chunk stays small. */
export function isApiError(value: unknown): value is ApiError {
  if (!isRecord(value)) return false;
  const { error, code, params, fields, fieldCodes } = value;
  if (typeof error !== "string" || typeof code !== "string" || !isParams(params)) return false;
  if (fields !== undefined && !(isRecord(fields) && Object.values(fields).every((v) => typeof v === "string"))) return false;
  return fieldCodes === undefined || (isRecord(fieldCodes) && Object.values(fieldCodes).every(isCoded));
}
