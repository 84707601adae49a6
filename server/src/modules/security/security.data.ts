import { and, count, desc, eq, gt, gte, isNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { AuditFilter, AuditRow } from "@contract/security";
import { FAILED_SIGN_IN_WINDOW_HOURS, SECURITY_EVENT_PREFIXES } from "@contract/security";
import { readStoredMessage, webhookDisableReasons, type MessageParams } from "@contract/server-messages";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { apiKeys, auditLogs, sessions, users, webhookEndpoints } from "../../db/schema";
import type { KeysetPosition } from "../../kernel/http/csv-export";
import { escapeLike } from "../../lib/like-pattern";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The audit actions a failed sign-in leaves (auth and partner portal; refused-while-locked attempts included). */
const FAILED_SIGN_IN_ACTIONS = ["auth.login_failed", "auth.login_locked", "auth.password_change_failed", "affiliate.login_failed", "affiliate.login_locked"];

export async function countFailedSignIns(db: Database) {
  const [row] = await db
    .select({
      total: count(),
      emails: sql<number>`count(DISTINCT lower(${auditLogs.userEmail}))::int`,
      addresses: sql<number>`count(DISTINCT ${auditLogs.ipAddress})::int`,
    })
    .from(auditLogs)
    .where(
      and(
        sql`${auditLogs.action} IN (${sql.join(
          FAILED_SIGN_IN_ACTIONS.map((action) => sql`${action}`),
          sql`, `,
        )})`,
        gt(auditLogs.createdAt, sql`now() - make_interval(hours => ${FAILED_SIGN_IN_WINDOW_HOURS}::int)`),
      ),
    );
  return { last24h: Number(row?.total ?? 0), emails: Number(row?.emails ?? 0), addresses: Number(row?.addresses ?? 0) };
}

/**
 * Sign-ins locked right now, from the throttle's own rows (kernel/http/attempt-throttle.data.ts): keys are
 * `<scope>:<email>` (the email locked from everywhere) or `<scope>:<email>|<address>` (from one address).
 */
export async function selectLockedSignIns(db: Database) {
  const rows = await rawRows<{ scope: "staff" | "affiliate"; email: string; address: string | null; locked_until: string }>(
    db,
    sql`SELECT split_part(key, ':', 1) AS scope,
               split_part(substr(key, position(':' in key) + 1), '|', 1) AS email,
               nullif(split_part(substr(key, position(':' in key) + 1), '|', 2), '') AS address,
               locked_until
          FROM login_throttle
         WHERE locked_until > now() AND (key LIKE 'staff:%' OR key LIKE 'affiliate:%')
         ORDER BY locked_until DESC
         LIMIT 100`,
  );
  return rows.map((row) => ({ scope: row.scope, email: row.email, address: row.address, lockedUntil: iso(row.locked_until)! }));
}

export async function selectActiveSessions(db: Database, currentSessionId: string | null) {
  const rows = await db
    .select({
      id: sessions.publicId,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    createdAt: iso(row.createdAt)!,
    lastSeenAt: iso(row.lastSeenAt)!,
    expiresAt: iso(row.expiresAt)!,
    current: row.id === currentSessionId,
  }));
}

/** Ends a session by its public id; answers whose it was, or undefined when no live session has that id. */
export async function deleteSessionByPublicId(db: Database, publicId: string) {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.publicId, publicId))
    .returning({ userId: sessions.userId, ipAddress: sessions.ipAddress, expiresAt: sessions.expiresAt });
  if (!row) return undefined;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  return { ...row, email: user?.email ?? null };
}

export async function selectApiKeysInUse(db: Database) {
  const rows = await db
    .select({
      id: apiKeys.id,
      label: apiKeys.label,
      keyPrefix: apiKeys.keyPrefix,
      scope: apiKeys.scope,
      createdBy: users.email,
      createdAt: apiKeys.createdAt,
      lastUsed: apiKeys.lastUsed,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(isNull(users.deactivatedAt))
    .orderBy(sql`${apiKeys.lastUsed} DESC NULLS LAST`, desc(apiKeys.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    scope: row.scope as "leads:write" | "read" | "full",
    createdAt: iso(row.createdAt)!,
    lastUsed: iso(row.lastUsed),
  }));
}

export async function selectDisabledWebhooks(db: Database) {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      event: webhookEndpoints.event,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, false))
    .orderBy(desc(webhookEndpoints.id))
    .limit(100);
  return rows.map((row) => {
    const reason = row.disabledReason === null ? null : readStoredMessage(webhookDisableReasons, row.disabledReason);
    return { ...row, disabledReason: reason?.text ?? null, disabledReasonCode: reason?.coded ?? null, createdAt: iso(row.createdAt)! };
  });
}

const auditColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  userId: auditLogs.userId,
  userEmail: auditLogs.userEmail,
  action: auditLogs.action,
  details: auditLogs.details,
  code: auditLogs.code,
  params: auditLogs.params,
  ipAddress: auditLogs.ipAddress,
  userAgent: auditLogs.userAgent,
  brand: auditLogs.brand,
  sessionId: auditLogs.sessionId,
  sortKey: sql<string>`${auditLogs.createdAt}::text`,
};

interface AuditSelectRow {
  id: number;
  createdAt: Date;
  userId: number | null;
  userEmail: string | null;
  action: string;
  details: string | null;
  code: string | null;
  params: MessageParams | null;
  ipAddress: string | null;
  userAgent: string | null;
  brand: string | null;
  sessionId: string | null;
}

const toAuditRow = ({ createdAt, ...row }: AuditSelectRow & { sortKey?: string }): AuditRow => ({
  id: row.id,
  createdAt: iso(createdAt)!,
  userId: row.userId,
  userEmail: row.userEmail,
  action: row.action,
  details: row.details,
  detailsCode: row.code === null ? null : { code: row.code, params: row.params ?? {} },
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  brand: row.brand,
  sessionId: row.sessionId,
});

export async function selectRecentSecurityEvents(db: Database, limit: number): Promise<AuditRow[]> {
  const rows = await db
    .select(auditColumns)
    .from(auditLogs)
    .where(or(...SECURITY_EVENT_PREFIXES.map((prefix) => like(auditLogs.action, `${escapeLike(prefix)}%`))))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
  return rows.map(toAuditRow);
}

function auditConditions(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.user) conditions.push(sql`${auditLogs.userEmail} ILIKE ${`%${escapeLike(filter.user)}%`}`);
  if (filter.userId) conditions.push(eq(auditLogs.userId, filter.userId));
  if (filter.action) conditions.push(like(auditLogs.action, `${escapeLike(filter.action)}%`));
  if (filter.from) conditions.push(gte(auditLogs.createdAt, sql`${filter.from}::date::timestamptz`));
  if (filter.to) conditions.push(lt(auditLogs.createdAt, sql`(${filter.to}::date + 1)::timestamptz`));
  return conditions;
}

/** Newest first; `after` is the last row of the previous page (its created_at as text and id). */
export async function selectAuditPage(db: Database, filter: AuditFilter, limit: number, after: KeysetPosition | null) {
  const conditions = auditConditions(filter);
  const [counted] = await db.select({ total: count() }).from(auditLogs).where(and(...conditions));
  if (after) conditions.push(sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${after.key}::timestamptz, ${after.id})`);
  // One row past the page says whether another follows.
  const rows = await db
    .select(auditColumns)
    .from(auditLogs)
    .where(and(...conditions))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(toAuditRow),
    total: Number(counted?.total ?? 0),
    next: rows.length > limit && last ? { key: last.sortKey, id: last.id } : null,
  };
}

/** One keyset batch of the export, in the list's order. */
export async function readAuditExportBatch(db: Database, filter: AuditFilter, after: KeysetPosition | null, limit: number) {
  const conditions = auditConditions(filter);
  if (after) conditions.push(sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${after.key}::timestamptz, ${after.id})`);
  const rows = await db
    .select(auditColumns)
    .from(auditLogs)
    .where(and(...conditions))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
  return rows.map((row) => ({ ...toAuditRow(row), sortKey: row.sortKey }));
}
