import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { roleGrants } from "@contract/access-policy";
import type { UserRole } from "@contract/auth";
import type { LeadStatus } from "@contract/leads";
import type { Invitation, TeamMember } from "@contract/team";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { apiKeys, leads, passwordResets, sessions, userInvitations, userRoles, users } from "../../db/schema";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type MemberRow = {
  id: number;
  name: string;
  email: string;
  role: string;
  has_password: boolean;
  active_sessions: number;
  assigned_leads: number;
  last_login_at: Date | string | null;
  created_at: Date | string;
  deactivated_at: Date | string | null;
};

const toMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as UserRole,
  active: row.deactivated_at === null,
  hasPassword: row.has_password,
  activeSessions: Number(row.active_sessions),
  assignedLeads: Number(row.assigned_leads),
  lastLoginAt: iso(row.last_login_at),
  createdAt: iso(row.created_at)!,
  deactivatedAt: iso(row.deactivated_at),
});

const memberSelect = (where: ReturnType<typeof sql>) => sql`
  SELECT u.id, u.name, u.email, r.role, u.password_hash IS NOT NULL AS has_password,
         (SELECT count(*)::int FROM ${sessions} s WHERE s.user_id = u.id AND s.expires_at > now()) AS active_sessions,
         (SELECT count(*)::int FROM ${leads} l WHERE l.assignee_id = u.id) AS assigned_leads,
         u.last_login_at, u.created_at, u.deactivated_at
  FROM ${users} u JOIN ${userRoles} r ON r.user_id = u.id AND r.brand_id IS NULL
  WHERE ${where}`;

/** Every staff member, active first, then by name. */
export async function listMembers(db: Database): Promise<TeamMember[]> {
  const rows = await rawRows<MemberRow>(db, sql`${memberSelect(sql`true`)} ORDER BY u.deactivated_at IS NOT NULL, lower(u.name), u.id`);
  return rows.map(toMember);
}

export async function findMember(db: Database, id: number): Promise<TeamMember | undefined> {
  const [row] = await rawRows<MemberRow>(db, sql`${memberSelect(sql`u.id = ${id}`)}`);
  return row ? toMember(row) : undefined;
}

/**
 * Serialises changes that could leave no active administrator (two administrators demoting each other at once):
 * every such change takes this lock first, inside its transaction.
 */
export async function lockAdministrators(db: Database): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727003)`);
}

/** Active administrators other than `exceptUserId`. */
export async function countOtherActiveAdmins(db: Database, exceptUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), isNull(userRoles.brandId)))
    .where(and(eq(userRoles.role, "admin"), isNull(users.deactivatedAt), sql`${users.id} <> ${exceptUserId}`));
  return row?.n ?? 0;
}

/** Gives a person a role everywhere, with its permissions as the role defines them now. */
export async function setRole(db: Database, userId: number, role: UserRole): Promise<void> {
  await db
    .update(userRoles)
    .set({ role, permissions: [...roleGrants[role]], updatedAt: sql`now()` })
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.brandId)));
}

export async function setDeactivated(db: Database, userId: number, deactivated: boolean): Promise<void> {
  await db
    .update(users)
    .set({ deactivatedAt: deactivated ? sql`now()` : null })
    .where(eq(users.id, userId));
}

/** Ends every session of a person; answers how many ended. */
export async function endSessionsOf(db: Database, userId: number): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ t: sessions.tokenHash });
  return ended.length;
}

/** Ends every session of a person but one (the one that just set a new password); answers how many ended. */
export async function endOtherSessionsOf(db: Database, userId: number, keepTokenHash: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`))
    .returning({ t: sessions.tokenHash });
  return ended.length;
}

/** Deletes every API key a person made (a deactivated person's keys must stop at once); answers how many. */
export async function deleteKeysOf(db: Database, userId: number): Promise<number> {
  const deleted = await db.delete(apiKeys).where(eq(apiKeys.createdBy, userId)).returning({ id: apiKeys.id });
  return deleted.length;
}

/** Locks the person's row for a change of name (two renames of one person at once take turns). */
export async function lockUser(db: Database, userId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM ${users} WHERE id = ${userId} FOR NO KEY UPDATE`);
}

export async function setName(db: Database, userId: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

export interface RenamedLead {
  id: number;
  businessName: string;
  status: LeadStatus;
}

/**
 * Gives the person's leads their new name (leads keep the assignee's name beside the id, for the tables' sort and
 * search). lw_lead_assignee keeps each lead's assignee, since the text is that person's current name (migration 0062).
 */
export async function renameAssigneeLeads(db: Database, userId: number, name: string): Promise<RenamedLead[]> {
  return rawRows<RenamedLead>(
    db,
    sql`UPDATE leads SET assigned_to = ${name}, updated_at = now()
        WHERE assignee_id = ${userId} AND assigned_to IS DISTINCT FROM ${name}
        RETURNING id, business_name AS "businessName", status`,
  );
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

// Invitations

type InvitationRow = typeof userInvitations.$inferSelect & { invitedByEmail: string | null };

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as UserRole,
  invitedBy: row.invitedByEmail,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const usable = and(isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt), gt(userInvitations.expiresAt, sql`now()`));

/** Invitations still waiting for their person, newest first. */
export async function listPendingInvitations(db: Database): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: userInvitations, invitedByEmail: users.email })
    .from(userInvitations)
    .leftJoin(users, eq(users.id, userInvitations.invitedBy))
    .where(usable)
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id));
  return rows.map((row) => toInvitation({ ...row.invitation, invitedByEmail: row.invitedByEmail }));
}

/** Revokes the email's earlier invitations that are still open (a new link replaces them). */
export async function revokeOpenInvitationsFor(db: Database, email: string): Promise<void> {
  await db
    .update(userInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(sql`lower(${userInvitations.email}) = ${email.toLowerCase()}`, isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt)));
}

export async function insertInvitation(
  db: Database,
  values: { email: string; name: string | null; role: UserRole; tokenHash: string; invitedBy: number; ttlMs: number },
): Promise<Invitation> {
  const [row] = await db
    .insert(userInvitations)
    .values({ email: values.email, name: values.name, role: values.role, tokenHash: values.tokenHash, invitedBy: values.invitedBy, expiresAt: new Date(Date.now() + values.ttlMs) })
    .returning();
  const [inviter] = await db.select({ email: users.email }).from(users).where(eq(users.id, values.invitedBy));
  return toInvitation({ ...row!, invitedByEmail: inviter?.email ?? null });
}

/** Revokes one open invitation; false when there is none with this id. */
export async function revokeInvitation(db: Database, id: number): Promise<boolean> {
  const revoked = await db
    .update(userInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userInvitations.id, id), isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt)))
    .returning({ id: userInvitations.id });
  return revoked.length > 0;
}

/** The usable invitation behind a link's token; `lock` holds it until the accepting transaction ends. */
export async function findUsableInvitation(db: Database, tokenHash: string, lock = false) {
  const query = db.select().from(userInvitations).where(and(eq(userInvitations.tokenHash, tokenHash), usable)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function markInvitationAccepted(db: Database, id: number, userId: number): Promise<void> {
  await db.update(userInvitations).set({ acceptedAt: sql`now()`, acceptedUserId: userId }).where(eq(userInvitations.id, id));
}

// Password resets

/** Replaces a person's unused reset links with a new one. */
export async function insertPasswordReset(db: Database, values: { userId: number; tokenHash: string; createdBy: number; ttlMs: number }): Promise<Date> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
  const expiresAt = new Date(Date.now() + values.ttlMs);
  await db.insert(passwordResets).values({ userId: values.userId, tokenHash: values.tokenHash, createdBy: values.createdBy, expiresAt });
  return expiresAt;
}

/** The usable reset behind a link's token, with its active person; `lock` holds it until the transaction ends. */
export async function findUsableReset(db: Database, tokenHash: string, lock = false) {
  const query = db
    .select({ id: passwordResets.id, userId: passwordResets.userId, expiresAt: passwordResets.expiresAt, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`), isNull(users.deactivatedAt)))
    .orderBy(asc(passwordResets.id))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: passwordResets }) : await query;
  return row;
}

export async function markResetUsed(db: Database, id: number): Promise<void> {
  await db.update(passwordResets).set({ usedAt: sql`now()` }).where(eq(passwordResets.id, id));
}

/** Deletes links that can no longer be used, kept a week for the record. */
export async function purgeSpentLinks(db: Database): Promise<number> {
  const invitations = await db
    .delete(userInvitations)
    .where(sql`${userInvitations.expiresAt} < now() - interval '7 days' AND ${userInvitations.acceptedAt} IS NULL`)
    .returning({ id: userInvitations.id });
  const resets = await db
    .delete(passwordResets)
    .where(sql`${passwordResets.expiresAt} < now() - interval '7 days'`)
    .returning({ id: passwordResets.id });
  return invitations.length + resets.length;
}
