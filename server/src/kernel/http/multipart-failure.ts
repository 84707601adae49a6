/**
 * Whether a failed upload was refused by the multipart reader itself (no boundary, a body cut off, a malformed part
 * header, too many parts): the request's form was wrong, which an upload answers as a 400 about the form, not a 500.
 */
export function isMultipartFormError(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === "string" && code.startsWith("FST_")) return true;
  return error instanceof Error && /multipart|boundary|unexpected end of form|malformed part header/i.test(error.message);
}
