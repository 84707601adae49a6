import { eq, sql } from "drizzle-orm";
import type { CurrentUser, UserRole } from "@contract/auth";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export function toCurrentUser(row: Pick<UserRow, "id" | "name" | "email" | "role" | "lastLoginAt">): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as UserRole,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function anyUserExists(db: Database): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return rows.length > 0;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertUser(
  db: Database,
  values: { name: string; email: string; passwordHash: string; role: UserRole },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function markSignedIn(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}
