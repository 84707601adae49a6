import { API_KEY_LENGTH, type ApiKey, type ApiKeyScope, type CreateApiKeyBody, type CreatedApiKey } from "@contract/api-keys";
import type { CurrentUser } from "@contract/auth";
import type { Database } from "../../db/client";
import { notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { randomBase62, sha256Hex } from "../../lib/crypto";
import { recordAudit } from "../../kernel/audit";
import { adminEmails } from "../auth/users.data";
import { notifyMany } from "../notifications/notifications.service";
import { deleteApiKey, findKeyOwner, insertApiKey, listApiKeys, toApiKey, touchApiKey } from "./api-keys.data";

const PREFIX_LENGTH = 8;

export async function createApiKey(db: Database, actor: CurrentUser, body: CreateApiKeyBody, meta: RequestMeta): Promise<CreatedApiKey> {
  const { label, scope } = body;
  const key = randomBase62(API_KEY_LENGTH);
  const row = await insertApiKey(db, { label, scope, keyHash: sha256Hex(key), keyPrefix: key.slice(0, PREFIX_LENGTH), createdBy: actor.id });
  await recordAudit(db, {
    userEmail: actor.email,
    action: "api_key.create",
    details: `API key "${label}" (${row.keyPrefix}…) created with scope ${scope}`,
    meta,
  });
  await notifyMany(db, await adminEmails(db), {
    type: "security",
    message: `${actor.name} created the API key "${label}" with scope ${scope}`,
    link: "/settings",
  });
  return { ...toApiKey(row), key };
}

export const apiKeysList = (db: Database): Promise<ApiKey[]> => listApiKeys(db);

export async function revokeApiKey(db: Database, actor: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
  const row = await deleteApiKey(db, id);
  if (!row) throw notFound("API key not found");
  await recordAudit(db, { userEmail: actor.email, action: "api_key.delete", details: `API key "${row.label}" (${row.keyPrefix}…, scope ${row.scope}) deleted`, meta });
  await notifyMany(db, await adminEmails(db), {
    type: "security",
    message: `${actor.name} deleted the API key "${row.label}"`,
    link: "/settings",
  });
}

/** The staff member an API key acts for, and its scope; null for an unknown key or one whose creator is gone. */
export async function userForApiKey(
  db: Database,
  presentedKey: string,
): Promise<{ user: CurrentUser; apiKeyId: number; scope: ApiKeyScope } | null> {
  if (presentedKey.length !== API_KEY_LENGTH) return null;
  const row = await findKeyOwner(db, sha256Hex(presentedKey));
  if (!row) return null;
  await touchApiKey(db, row.id);
  const user: CurrentUser = { ...row.owner, role: row.owner.role as CurrentUser["role"], lastLoginAt: row.owner.lastLoginAt?.toISOString() ?? null };
  return { user, apiKeyId: row.id, scope: row.scope };
}
