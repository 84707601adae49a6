import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";

/**
 * Whether the staff member exists and is not deactivated: leads and tasks are given only to such a person (a
 * deactivated account cannot sign in to work them). Read by the leads, their bulk actions and the tasks.
 */
export async function isActiveStaff(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
  return row !== undefined;
}
