import { z } from "zod";

export const idParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const isoDateTime = z.string().describe("ISO 8601 date-time");

export const okSchema = z.object({ ok: z.literal(true) });
