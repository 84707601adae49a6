import { z } from "zod";
import { isoDateTime } from "./common";

export const API_KEY_LENGTH = 64;

/**
 * What an API key may do, chosen when it is made and never widened afterwards:
 * - `leads:write` may only capture leads (POST /api/leads): what a website form or quiz needs, so it is the default;
 * - `read` may call every GET route;
 * - `full` may read and write.
 * No scope reaches key management or acts on people (another user's notifications, administrator permissions):
 * those need a signed-in person.
 */
export const apiKeyScopes = ["leads:write", "read", "full"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
export const DEFAULT_API_KEY_SCOPE: ApiKeyScope = "leads:write";

export const apiKeyScopeSchema = z
  .enum(apiKeyScopes, { error: `Scope must be one of ${apiKeyScopes.join(", ")}` })
  .describe("What the key may do: `leads:write` (only POST /api/leads), `read` (GET routes only) or `full` (reads and writes)");

export const createApiKeyBodySchema = z.object({
  label: z.string().trim().min(1, "Label is required").max(100, "Maximum 100 characters allowed"),
  scope: apiKeyScopeSchema.default(DEFAULT_API_KEY_SCOPE),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  prefix: z.string().describe("The first characters of the key, so staff can recognise it; the key itself is never shown again"),
  scope: apiKeyScopeSchema,
  createdAt: isoDateTime,
  lastUsed: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().length(API_KEY_LENGTH).describe("The whole key, returned only in this answer"),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
