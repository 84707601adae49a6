import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ApiKey } from "@contract/api-keys";
import type { Database } from "../../db/client";
import { apiKeys, users } from "../../db/schema";

type Row = typeof apiKeys.$inferSelect;

export const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  label: row.label,
  prefix: row.keyPrefix,
  createdAt: row.createdAt.toISOString(),
  lastUsed: row.lastUsed?.toISOString() ?? null,
});

export async function insertApiKey(
  db: Database,
  values: { label: string; keyHash: string; keyPrefix: string; createdBy: number },
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

/** The key and the staff member who created it (null when that user is gone). */
export async function findKeyOwner(db: Database, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      label: apiKeys.label,
      owner: { id: users.id, name: users.name, email: users.email, role: users.role, lastLoginAt: users.lastLoginAt },
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

/** Records use, at most once a minute per key, so busy API clients do not write on every call. */
export async function touchApiKey(db: Database, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsed: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsed), lt(apiKeys.lastUsed, sql`now() - interval '1 minute'`))));
}
