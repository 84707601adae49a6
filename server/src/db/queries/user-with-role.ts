import { sql } from "drizzle-orm";
import type { Permission } from "@contract/access-policy";
import type { CurrentUser, UserRole } from "@contract/auth";
import { userRoles, users } from "../schema";

/*
 * A staff member as every credential check reads them: the user row with the role row that applies everywhere (the
 * one without a brand). Sessions (auth), API keys (api-keys) and the team screens all read people this way.
 */

/** A user with the role and permissions of their role row. */
export type UserWithRole = { id: number; name: string; email: string; lastLoginAt: Date | null; role: string; permissions: string[] };

/** The columns of a user with their role, for a select joined with userRoleJoin. */
export const userWithRoleColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  lastLoginAt: users.lastLoginAt,
  role: userRoles.role,
  permissions: userRoles.permissions,
};

/** Joins a person's role row (the one that applies everywhere) to `users`. */
export const userRoleJoin = sql`${userRoles.userId} = ${users.id} AND ${userRoles.brandId} IS NULL`;

export function toCurrentUser(row: UserWithRole): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as UserRole,
    permissions: row.permissions as Permission[],
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}
