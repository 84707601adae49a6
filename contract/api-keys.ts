import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";

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
  .enum(apiKeyScopes, { error: errorMessage("api_key.invalid_scope", { options: apiKeyScopes.join(", ") }) })
  .describe("What the key may do: `leads:write` (only POST /api/leads), `read` (GET routes only) or `full` (reads and writes)");

export const createApiKeyBodySchema = z.object({
  label: z.string().trim().min(1, errorMessage("api_key.label_required")).max(100),
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

// Endpoints

const apiKeyTags = ["API keys"];

export const apiKeyEndpoints = defineEndpoints("apiKeys", {
  list: defineEndpoint({
    method: "GET",
    permission: "apiKeys.manage",
    path: "/settings/api-keys",
    reply: z.array(apiKeySchema),
    errors: [403],
    tags: apiKeyTags,
    summary: "API keys (the keys themselves are never listed, only their prefixes)",
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "apiKeys.manage",
    path: "/settings/api-keys",
    body: createApiKeyBodySchema,
    reply: createdApiKeySchema,
    status: 201,
    errors: [400, 403],
    tags: apiKeyTags,
    summary: "Create an API key; the answer carries the whole key, shown this once",
    description: [
      "Use it as `Authorization: Bearer <key>`. Only a SHA-256 hash of it is stored.",
      "",
      "`scope` fixes what the key may do, on every route:",
      "- `leads:write` (the default): only `POST /api/leads`, for a website form or quiz that captures leads;",
      "- `read`: every GET route, nothing that changes data;",
      "- `full`: reads and writes.",
      "",
      "No key, whatever its scope, may create, list or delete keys, read another person's notifications or use any " +
        "other administrator permission: those answer 403. A key dies with the account of the person who created it.",
    ].join("\n"),
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "apiKeys.manage",
    path: "/settings/api-keys/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [403, 404],
    tags: apiKeyTags,
    summary: "Delete an API key; clients using it are refused from then on",
  }),
});
