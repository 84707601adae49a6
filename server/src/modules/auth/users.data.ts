import { eq, sql } from "drizzle-orm";
import { roleGrants } from "@contract/access-policy";
import type { UserRole } from "@contract/auth";
import { userRoleJoin } from "../../db/queries/user-with-role";
import type { Database } from "../../db/client";
import { userRoles, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export { toCurrentUser } from "../../db/queries/user-with-role";

export async function anyUserExists(db: Database): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return rows.length > 0;
}

export async function findUserByEmail(db: Database, email: string): Promise<(UserRow & { role: string; permissions: string[] }) | undefined> {
  const [row] = await db
    .select({ user: users, role: userRoles.role, permissions: userRoles.permissions })
    .from(users)
    .innerJoin(userRoles, userRoleJoin)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ? { ...row.user, role: row.role, permissions: row.permissions } : undefined;
}

/** Creates a person with a role (both rows: call it inside the caller's transaction). */
export async function insertUser(
  db: Database,
  values: { name: string; email: string; passwordHash: string | null; role: UserRole },
): Promise<UserRow & { role: UserRole; permissions: string[] }> {
  const { role, ...userValues } = values;
  const [row] = await db.insert(users).values(userValues).returning();
  const permissions = [...roleGrants[role]];
  await db.insert(userRoles).values({ userId: row!.id, role, permissions });
  return { ...row!, role, permissions };
}

export async function markSignedIn(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Brings every stored role up to its definition (contract/access-policy.ts): run at start-up, so a permission added
 * to a role in a new release reaches the people who hold it. Only rows whose set differs are written.
 */
export async function syncRolePermissions(db: Database): Promise<void> {
  for (const [role, granted] of Object.entries(roleGrants)) {
    const permissions = JSON.stringify([...granted]);
    await db
      .update(userRoles)
      .set({ permissions: sql`${permissions}::jsonb`, updatedAt: sql`now()` })
      .where(sql`${userRoles.role} = ${role} AND ${userRoles.permissions} IS DISTINCT FROM ${permissions}::jsonb`);
  }
}
