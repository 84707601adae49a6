import { API_KEY_LENGTH, type ApiKey, type ApiKeyScope, type CreateApiKeyBody, type CreatedApiKey } from "@contract/api-keys";
import type { CurrentUser } from "@contract/auth";
import type { LeadAccessValue } from "@contract/lead-access";
import type { Database } from "../../db/client";
import { toCurrentUser } from "../../db/queries/user-with-role";
import { notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { randomBase62, sha256Hex } from "../../lib/crypto";
import { recordAudit } from "../../kernel/audit";
import { notifyAdmins } from "../../kernel/notify";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { deleteApiKey, findKeyOwner, insertApiKey, listApiKeys, toApiKey, touchApiKey } from "./api-keys.data";

const PREFIX_LENGTH = 8;

export async function createApiKey(db: Database, actor: CurrentUser, body: CreateApiKeyBody, meta: RequestMeta): Promise<CreatedApiKey> {
  const { label, scope } = body;
  const key = randomBase62(API_KEY_LENGTH);
  const row = await inTransaction(db, async (tx) => {
    const inserted = await insertApiKey(tx, { label, scope, keyHash: sha256Hex(key), keyPrefix: key.slice(0, PREFIX_LENGTH), createdBy: actor.id });
    await recordAudit(tx, {
      userEmail: actor.email,
      action: "api_key.create",
      message: { code: "api_key.created", params: { label, prefix: inserted.keyPrefix, scope } },
      meta,
    });
    await notifyAdmins(tx, { type: "security", code: "security.api_key_created", params: { actor: actor.name, label, scope }, link: "/settings" });
    return inserted;
  });
  return { ...toApiKey(row), key };
}

export const apiKeysList = (db: Database): Promise<ApiKey[]> => listApiKeys(db);

export async function revokeApiKey(db: Database, actor: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await deleteApiKey(tx, id);
    if (!row) throw notFound("api_key.not_found");
    await recordAudit(tx, { userEmail: actor.email, action: "api_key.delete", message: { code: "api_key.deleted", params: { label: row.label, prefix: row.keyPrefix, scope: row.scope } }, meta });
    await notifyAdmins(tx, { type: "security", code: "security.api_key_deleted", params: { actor: actor.name, label: row.label }, link: "/settings" });
  });
}

// Keys are API_KEY_LENGTH letters and digits: anything else (a partner-portal token, lwa_…) is not looked up.
const API_KEY_SHAPE = new RegExp(`^[0-9A-Za-z]{${API_KEY_LENGTH}}$`);

/** The api-keys area's credential for the kernel's auth hook (app.ts wires it): a bearer token that is an API key. */
export async function apiKeyPrincipal(db: Database, bearerToken: string): Promise<Principal | null> {
  if (!API_KEY_SHAPE.test(bearerToken)) return null;
  const found = await userForApiKey(db, bearerToken);
  return found ? { kind: "apiKey", user: found.user, apiKeyId: found.apiKeyId, scope: found.scope, leadAccess: found.leadAccess } : null;
}

/** The staff member an API key acts for, and its scope; null for an unknown key or one whose creator is gone. */
export async function userForApiKey(
  db: Database,
  presentedKey: string,
): Promise<{ user: CurrentUser; apiKeyId: number; scope: ApiKeyScope; leadAccess: LeadAccessValue } | null> {
  if (presentedKey.length !== API_KEY_LENGTH) return null;
  const row = await findKeyOwner(db, sha256Hex(presentedKey));
  if (!row) return null;
  // A busy client's calls within the minute write nothing and send no statement for it.
  if (row.useUnrecorded) await touchApiKey(db, row.id);
  const user: CurrentUser = toCurrentUser(row.owner);
  return { user, apiKeyId: row.id, scope: row.scope, leadAccess: row.leadAccess };
}
