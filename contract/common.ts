import { z } from "zod";
import { errorMessage } from "./error-message";
// Schema files import common.ts (or this map), so zod's own checks say what failed as an error code on both sides.
import "./zod-error-map";

/** Row ids are PostgreSQL integers: nothing is stored above this. */
export const MAX_ROW_ID = 2_147_483_647;
/** Stands for an id no row can have (ids start at 1): the route's own lookup then answers 404. */
const NO_SUCH_ROW = 0;

/** A row id sent in a body or query: past the integer range it is refused naming the field (no row could match). */
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID, errorMessage("field.invalid_id"));

export const idParamsSchema = z.object({
  // An id beyond the integer range names no record, so it answers 404 like any other unknown id, not a 400.
  id: z.coerce
    .number()
    .int()
    .positive()
    .transform((id) => (id <= MAX_ROW_ID ? id : NO_SUCH_ROW)),
});

export const isoDateTime = z.string().describe("ISO 8601 date-time");

/** A line the server wrote as a code with params (contract/server-messages.ts), for the client to render in its language. */
export const codedMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/**
 * A calendar day as YYYY-MM-DD that exists (2024-02-30 does not) and that PostgreSQL can hold (year 1 to 9999).
 * `field` starts the messages so they read on their own, e.g. "startDate is not a real date" (a param of their codes).
 */
export const isoDate = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, errorMessage("field.invalid_date", { field }))
    .refine((v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= "0001-01-01";
    }, errorMessage("field.not_real_date", { field }));

export const okSchema = z.object({ ok: z.literal(true) });
