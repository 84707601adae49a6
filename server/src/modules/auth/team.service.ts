import type { UserRole } from "@contract/auth";
import {
  INVITATION_TTL_DAYS,
  PASSWORD_RESET_TTL_HOURS,
  type AcceptInvitationBody,
  type CompletePasswordResetBody,
  type CreatedInvitation,
  type InvitationDetails,
  type InviteBody,
  type OneTimeLink,
  type PasswordResetDetails,
  type TeamMember,
} from "@contract/team";
import type { AppContext } from "../../kernel/app-context";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { conflict, notFound } from "../../kernel/http/errors";
import { emitEvents } from "../../kernel/events";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { enqueueMail } from "../../kernel/mail";
import { notify } from "../../kernel/notify";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { hashPassword } from "../../lib/password";
import { isUniqueViolation } from "../../lib/db-errors";
import { startSession, type SignedIn } from "./auth.service";
import {
  countOtherActiveAdmins,
  deleteKeysOf,
  endOtherSessionsOf,
  endSessionsOf,
  findMember,
  findUsableInvitation,
  findUsableReset,
  insertInvitation,
  insertPasswordReset,
  listMembers,
  listPendingInvitations,
  lockAdministrators,
  lockUser,
  markInvitationAccepted,
  markResetUsed,
  renameAssigneeLeads,
  revokeInvitation as revokeInvitationRow,
  revokeOpenInvitationsFor,
  setDeactivated,
  setName,
  setPasswordHash,
  setRole,
} from "./team.data";
import { findUserByEmail, insertUser, toCurrentUser } from "./users.data";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Who does it, from where, and the address people open Leadwell at (for links in mail). */
export interface TeamActor {
  principal: Principal;
  meta: RequestMeta;
  /** e.g. https://crm.example.com: the administrator's own request's origin. */
  origin: string;
}

const mailContext = (ctx: AppContext) => ({ config: ctx.config, db: ctx.db, jobs: ctx.jobs });

async function memberOrNotFound(db: Database, id: number): Promise<TeamMember> {
  const member = await findMember(db, id);
  if (!member) throw notFound("team.member_not_found");
  return member;
}

export const listTeam = (db: Database) => listMembers(db);

/** A role change that would leave no active administrator is refused; the person is told their new role. */
export async function changeRole(db: Database, id: number, role: UserRole, { principal, meta }: Omit<TeamActor, "origin">): Promise<TeamMember> {
  return inTransaction(db, async (tx) => {
    await lockAdministrators(tx);
    const member = await memberOrNotFound(tx, id);
    if (member.role === role) return member;
    if (member.role === "admin" && member.active && (await countOtherActiveAdmins(tx, id)) === 0) throw conflict("team.last_admin", { field: "role" });
    await setRole(tx, id, role);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "team.role_changed", message: { code: "team.role_changed", params: { email: member.email, from: member.role, to: role } }, meta });
    await notify(tx, [member.email], { type: "team", code: "team.role_changed", params: { role }, link: null });
    return { ...member, role };
  });
}

/**
 * Corrects a person's name. Their leads show it at once: each lead's assignedTo takes the new name in the same
 * transaction, with its timeline entry (marked renamed) and lead.updated event. The person is told, unless they did it.
 */
export async function renameMember(db: Database, id: number, name: string, { principal, meta }: Omit<TeamActor, "origin">): Promise<TeamMember> {
  return inTransaction(db, async (tx) => {
    await lockUser(tx, id);
    const member = await memberOrNotFound(tx, id);
    if (member.name === name) return member;
    await setName(tx, id, name);
    const renamed = await renameAssigneeLeads(tx, id, name);
    await emitEvents(
      tx,
      "lead.updated",
      renamed.map((lead) => ({ leadId: lead.id, businessName: lead.businessName, status: lead.status, changedFields: ["assignedTo"] })),
    );
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "team.renamed",
      message: { code: "team.renamed", params: { email: member.email, from: member.name, to: name, leads: renamed.length } },
      meta,
    });
    if (principal.user.id !== id) await notify(tx, [member.email], { type: "team", code: "team.renamed", params: { name }, link: null });
    return { ...member, name };
  });
}

/** Ends the person's sessions and deletes their API keys at once, in the same transaction as the deactivation. */
export async function deactivateMember(db: Database, id: number, { principal, meta }: Omit<TeamActor, "origin">): Promise<TeamMember> {
  if (id === principal.user.id) throw conflict("team.cannot_deactivate_self");
  return inTransaction(db, async (tx) => {
    await lockAdministrators(tx);
    const member = await memberOrNotFound(tx, id);
    if (!member.active) return member;
    if (member.role === "admin" && (await countOtherActiveAdmins(tx, id)) === 0) throw conflict("team.last_admin");
    await setDeactivated(tx, id, true);
    const sessionsEnded = await endSessionsOf(tx, id);
    const keysDeleted = await deleteKeysOf(tx, id);
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "team.deactivated",
      message: { code: "team.deactivated", params: { email: member.email, sessions: sessionsEnded, keys: keysDeleted } },
      meta,
    });
    return (await findMember(tx, id))!;
  });
}

export async function reactivateMember(db: Database, id: number, { principal, meta }: Omit<TeamActor, "origin">): Promise<TeamMember> {
  return inTransaction(db, async (tx) => {
    const member = await memberOrNotFound(tx, id);
    if (member.active) return member;
    await setDeactivated(tx, id, false);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "team.reactivated", message: { code: "team.reactivated", params: { email: member.email } }, meta });
    return (await findMember(tx, id))!;
  });
}

/**
 * A new one-time link to set the person's password. Their sessions end now (a reset is often started because an
 * account is at risk); the link is answered once and mailed, and only its hash is stored.
 */
export async function startPasswordReset(ctx: AppContext, id: number, { principal, meta, origin }: TeamActor): Promise<OneTimeLink> {
  const token = randomToken(32);
  return inTransaction(ctx.db, async (tx) => {
    const member = await memberOrNotFound(tx, id);
    if (!member.active) throw conflict("team.deactivated");
    const expiresAt = await insertPasswordReset(tx, { userId: id, tokenHash: sha256Hex(token), createdBy: principal.user.id, ttlMs: PASSWORD_RESET_TTL_HOURS * HOUR_MS });
    await endSessionsOf(tx, id);
    const path = `/reset-password#${token}`;
    const mail = await enqueueMail(
      mailContext(ctx),
      {
        to: member.email,
        subject: "Set a new Leadwell password",
        text: `Hello ${member.name},\n\nAn administrator started a password reset for your Leadwell account. Open this link within ${PASSWORD_RESET_TTL_HOURS} hours to choose a new password:\n\n${origin}${path}\n\nThe link works once. If you did not expect this, tell your administrator.`,
      },
      tx,
    );
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "team.password_reset_started", message: { code: "team.password_reset_started", params: { email: member.email } }, meta });
    return { path, expiresAt: expiresAt.toISOString(), mail: mail.status === "held" ? "held" : "queued" };
  });
}

export const listInvitations = (db: Database) => listPendingInvitations(db);

/** A one-time link for someone new, replacing any earlier link for the same email. */
export async function inviteMember(ctx: AppContext, body: InviteBody, { principal, meta, origin }: TeamActor): Promise<CreatedInvitation> {
  if (await findUserByEmail(ctx.db, body.email)) throw conflict("team.email_taken", { field: "email" });
  const token = randomToken(32);
  return inTransaction(ctx.db, async (tx) => {
    await revokeOpenInvitationsFor(tx, body.email);
    const invitation = await insertInvitation(tx, {
      email: body.email,
      name: body.name ?? null,
      role: body.role,
      tokenHash: sha256Hex(token),
      invitedBy: principal.user.id,
      ttlMs: INVITATION_TTL_DAYS * DAY_MS,
    });
    const path = `/invite#${token}`;
    const mail = await enqueueMail(
      mailContext(ctx),
      {
        to: body.email,
        subject: "You are invited to Leadwell",
        text: `Hello${body.name ? ` ${body.name}` : ""},\n\n${principal.user.name} invited you to Leadwell as ${body.role}. Open this link within ${INVITATION_TTL_DAYS} days to choose your password:\n\n${origin}${path}\n\nThe link works once.`,
      },
      tx,
    );
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "team.invited", message: { code: "team.invited", params: { email: body.email, role: body.role } }, meta });
    return { invitation, link: { path, expiresAt: invitation.expiresAt, mail: mail.status === "held" ? "held" : "queued" } };
  });
}

export async function revokeInvitation(db: Database, id: number, { principal, meta }: Omit<TeamActor, "origin">): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (!(await revokeInvitationRow(tx, id))) throw notFound("team.invitation_not_found");
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "team.invitation_revoked", message: { code: "team.invitation_revoked", params: { invitationId: id } }, meta });
  });
}

export async function invitationDetails(db: Database, token: string): Promise<InvitationDetails> {
  const invitation = await findUsableInvitation(db, sha256Hex(token));
  if (!invitation) throw notFound("team.invitation_invalid", { field: "token" });
  return { email: invitation.email, name: invitation.name, role: invitation.role as UserRole, expiresAt: invitation.expiresAt.toISOString() };
}

/** Creates the account with the invited role, once: the invitation row is locked and used in the same transaction. */
export async function acceptInvitation(ctx: AppContext, body: AcceptInvitationBody, meta: RequestMeta): Promise<SignedIn> {
  // The costly hash before the transaction; an unusable link still answers 404 below.
  if (!(await findUsableInvitation(ctx.db, sha256Hex(body.token)))) throw notFound("team.invitation_invalid", { field: "token" });
  const passwordHash = await hashPassword(body.password);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const invitation = await findUsableInvitation(tx, sha256Hex(body.token), true);
      if (!invitation) throw notFound("team.invitation_invalid", { field: "token" });
      const user = await insertUser(tx, { name: body.name, email: invitation.email, passwordHash, role: invitation.role as UserRole });
      await markInvitationAccepted(tx, invitation.id, user.id);
      await recordAudit(tx, { userEmail: user.email, action: "team.invitation_accepted", message: { code: "team.invitation_accepted", params: { role: user.role } }, meta });
      const sessionToken = await startSession(tx, ctx.config.sessionTtlMs, user.id, meta);
      return { user: toCurrentUser({ ...user, lastLoginAt: new Date() }), sessionToken };
    });
  } catch (error) {
    // Someone created an account with this email since the invitation was sent.
    if (isUniqueViolation(error, "users_email_lower_idx")) throw conflict("team.email_taken", { field: "token" });
    throw error;
  }
}

export async function passwordResetDetails(db: Database, token: string): Promise<PasswordResetDetails> {
  const reset = await findUsableReset(db, sha256Hex(token));
  if (!reset) throw notFound("team.reset_invalid", { field: "token" });
  return { email: reset.email, expiresAt: reset.expiresAt.toISOString() };
}

/** Sets the new password once, ends every other session and signs this one in. */
export async function completePasswordReset(ctx: AppContext, body: CompletePasswordResetBody, meta: RequestMeta): Promise<SignedIn> {
  if (!(await findUsableReset(ctx.db, sha256Hex(body.token)))) throw notFound("team.reset_invalid", { field: "token" });
  const passwordHash = await hashPassword(body.password);
  return inTransaction(ctx.db, async (tx) => {
    const reset = await findUsableReset(tx, sha256Hex(body.token), true);
    if (!reset) throw notFound("team.reset_invalid", { field: "token" });
    await setPasswordHash(tx, reset.userId, passwordHash);
    await markResetUsed(tx, reset.id);
    const sessionToken = await startSession(tx, ctx.config.sessionTtlMs, reset.userId, meta);
    await endOtherSessionsOf(tx, reset.userId, sha256Hex(sessionToken));
    await recordAudit(tx, { userEmail: reset.email, action: "team.password_reset_completed", message: { code: "team.password_reset_completed", params: {} }, meta });
    const user = await findUserByEmail(tx, reset.email);
    return { user: toCurrentUser({ ...user!, lastLoginAt: new Date() }), sessionToken };
  });
}
