import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared-once";
import { leadAccessSetting } from "../../kernel/lead-scope";
import { sessions, userRoles, users } from "../../db/schema";
import { userRoleJoin, userWithRoleColumns } from "../../db/queries/user-with-role";
import type { RequestMeta } from "../../kernel/http/request-meta";

export async function insertSession(
  db: Database,
  values: { tokenHash: string; userId: number; ttlMs: number; meta: RequestMeta },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    expiresAt: new Date(Date.now() + values.ttlMs),
    ipAddress: values.meta.ip,
    userAgent: values.meta.userAgent,
  });
}

// Every signed-in request runs this lookup: built once per database, and prepared once per connection.
const sessionUserQuery = preparedOnce((db: Database, _variant: "session") =>
  db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      sessionId: sessions.publicId,
      user: userWithRoleColumns,
      // Read with the person, so an agent's request learns its lead scope without a statement of its own.
      leadAccess: leadAccessSetting,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userRoles, userRoleJoin)
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)))
    .limit(1)
    .prepare("lw_session_user"),
);

/** The user behind an unexpired session, with when the session was last extended. */
export async function findSessionUser(db: Database, tokenHash: string) {
  const query = sessionUserQuery(db, "session");
  const [row] = await query.execute({ tokenHash });
  return row;
}

/** Sliding expiry: an active session is pushed forward by its full lifetime. */
export async function extendSession(db: Database, tokenHash: string, ttlMs: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + ttlMs) })
    .where(eq(sessions.tokenHash, tokenHash));
}

/** The public id of a session (how the audit trail and the security screen name it), by its token's hash. */
export async function sessionPublicId(db: Database, tokenHash: string): Promise<string | null> {
  const [row] = await db.select({ publicId: sessions.publicId }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.publicId ?? null;
}

export async function deleteSession(db: Database, tokenHash: string): Promise<boolean> {
  const deleted = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ t: sessions.tokenHash });
  return deleted.length > 0;
}

export async function purgeExpiredSessions(db: Database): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ t: sessions.tokenHash });
  return deleted.length;
}
