import { expect } from "vitest";
import type { ApiError } from "@contract/errors";

/** Asserts a 400 that names `field` with the error `code` (and a text for it), as an API client reads it. */
export function expectFieldError(res: { status: number; body: unknown }, field: string, code: string): void {
  const shown = JSON.stringify(res.body);
  expect(res.status, shown).toBe(400);
  const body = res.body as ApiError;
  expect(body.fields?.[field], shown).toEqual(expect.any(String));
  expect(body.fieldCodes?.[field]?.code, shown).toBe(code);
}
