import { z } from "zod";
import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from "@contract/api-keys";
import { idParamsSchema, okSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { requestMeta } from "../../kernel/http/request-meta";
import { requirePermission } from "../auth/auth.hook";
import { apiKeysList, createApiKey, revokeApiKey } from "./api-keys.service";

const tags = ["API keys"];
// Managing keys needs a signed-in administrator: no key, whatever its scope, may list, mint or revoke keys.
const config = { apiKeyScopes: [] };

export function apiKeyRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/settings/api-keys",
    {
      config,
      schema: {
        tags,
        summary: "API keys (the keys themselves are never listed, only their prefixes)",
        response: { 200: z.array(apiKeySchema), 403: apiErrorSchema },
      },
    },
    async (request) => {
      requirePermission(request, "apiKeys.manage");
      return apiKeysList(ctx.db);
    },
  );

  app.post(
    "/settings/api-keys",
    {
      config,
      schema: {
        tags,
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
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const principal = requirePermission(request, "apiKeys.manage");
      const created = await createApiKey(ctx.db, principal.user, request.body, requestMeta(request));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/settings/api-keys/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete an API key; clients using it are refused from then on",
        params: idParamsSchema,
        response: { 200: okSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const principal = requirePermission(request, "apiKeys.manage");
      await revokeApiKey(ctx.db, principal.user, request.params.id, requestMeta(request));
      return { ok: true as const };
    },
  );
}
