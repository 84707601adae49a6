import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ApiKey, ApiKeyScope } from "@contract/api-keys";
import type { Database } from "../../db/client";
import { apiKeys, userRoles, users } from "../../db/schema";
import { userRoleJoin, userWithRoleColumns } from "../../db/queries/user-with-role";
import { leadAccessSetting } from "../../kernel/lead-scope";

type Row = typeof apiKeys.$inferSelect;

/** The column holds only contract scopes (a CHECK constraint keeps it so); this narrows its text type to them. */
const scopeOf = (row: { scope: string }): ApiKeyScope => row.scope as ApiKeyScope;

export const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  label: row.label,
  prefix: row.keyPrefix,
  scope: scopeOf(row),
  createdAt: row.createdAt.toISOString(),
  lastUsed: row.lastUsed?.toISOString() ?? null,
});

export async function insertApiKey(
  db: Database,
  values: { label: string; scope: ApiKeyScope; keyHash: string; keyPrefix: string; createdBy: number },
): Promise<Row> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function listApiKeys(db: Database): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

export async function deleteApiKey(db: Database, id: number): Promise<Row | undefined> {
  const [row] = await db.delete(apiKeys).where(eq(apiKeys.id, id)).returning();
  return row;
}

/** A key's use is recorded at most once in this long, so busy API clients do not write on every call. */
const USE_RECORDED_EVERY = sql`interval '1 minute'`;

/**
 * The key and the staff member who created it, with the lead access setting (as a session's lookup reads it, so an
 * agent's key needs no statement of its own to learn its scope) and whether its last use is old enough to record
 * this one. The inner join refuses a key whose creator is gone, even if a row somehow outlived the ON DELETE CASCADE.
 */
export async function findKeyOwner(db: Database, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      scope: apiKeys.scope,
      owner: userWithRoleColumns,
      leadAccess: leadAccessSetting,
      useUnrecorded: sql<boolean>`(${apiKeys.lastUsed} IS NULL OR ${apiKeys.lastUsed} < now() - ${USE_RECORDED_EVERY})`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(userRoles, userRoleJoin)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(users.deactivatedAt)))
    .limit(1);
  return row ? { ...row, scope: scopeOf(row) } : undefined;
}

/** Records use, at most once a minute per key (the lookup says when: findKeyOwner's useUnrecorded). */
export async function touchApiKey(db: Database, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsed: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsed), lt(apiKeys.lastUsed, sql`now() - ${USE_RECORDED_EVERY}`))));
}
