import { z } from "zod";
import { isoDateTime } from "./common";

export const API_KEY_LENGTH = 64;

export const createApiKeyBodySchema = z.object({
  label: z.string().trim().min(1, "Label is required").max(100, "Maximum 100 characters allowed"),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  prefix: z.string().describe("The first characters of the key, so staff can recognise it; the key itself is never shown again"),
  createdAt: isoDateTime,
  lastUsed: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().length(API_KEY_LENGTH).describe("The whole key, returned only in this answer"),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
