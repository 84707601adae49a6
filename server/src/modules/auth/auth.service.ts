import { sql } from "drizzle-orm";
import type { CurrentUser, LoginBody, SetupBody } from "@contract/auth";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/client";
import { conflict, tooManyRequests, unauthorized } from "../../http/errors";
import type { RequestMeta } from "../../http/request-meta";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { recordAudit } from "../audit/audit.data";
import { notifyMany } from "../notifications/notifications.service";
import { clearAttempts, lockSecondsLeft, recordAttempt, type ThrottlePolicy } from "./login-throttle.data";
import { hashPassword, verifyPassword } from "./password";
import { deleteSession, extendSession, findSessionUser, insertSession } from "./session.data";
import { adminEmails, anyUserExists, findUserByEmail, insertUser, markSignedIn, toCurrentUser } from "./users.data";

/** Staff and partner sign-ins alike: 8 failures in 15 minutes lock the email for 15 minutes. */
export const SIGN_IN_POLICY: ThrottlePolicy = { maxFailures: 8, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const SESSION_EXTEND_AFTER_MS = 5 * 60_000;

const lockMessage = (seconds: number) =>
  `Too many failed sign-ins for this email. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`;

export interface SignedIn {
  user: CurrentUser;
  /** The raw token for the cookie; only its hash is stored. */
  sessionToken: string;
}

async function startSession(ctx: AppContext, userId: number, meta: RequestMeta): Promise<string> {
  const sessionToken = randomToken(32);
  await insertSession(ctx.db, { tokenHash: sha256Hex(sessionToken), userId, ttlMs: ctx.config.sessionTtlMs, meta });
  await markSignedIn(ctx.db, userId);
  return sessionToken;
}

export async function needsSetup(db: Database): Promise<boolean> {
  return !(await anyUserExists(db));
}

/** Creates the first administrator; refused once any user exists. */
export async function setupFirstAdmin(ctx: AppContext, body: SetupBody, meta: RequestMeta): Promise<SignedIn> {
  const passwordHash = await hashPassword(body.password);
  const row = await ctx.db.transaction(async (tx) => {
    // Two set-up requests racing each other: the lock makes the second see the first's user.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    if (await anyUserExists(tx as unknown as Database)) return undefined;
    return insertUser(tx as unknown as Database, { name: body.name, email: body.email, passwordHash, role: "admin" });
  });
  if (!row) throw conflict("Setup is already complete. Sign in instead.");
  await recordAudit(ctx.db, { userEmail: row.email, action: "auth.setup", details: "First administrator created", meta });
  const sessionToken = await startSession(ctx, row.id, meta);
  return { user: toCurrentUser({ ...row, lastLoginAt: new Date() }), sessionToken };
}

/** Creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD when the database has no user yet. */
export async function ensureInitialAdmin(ctx: Pick<AppContext, "db" | "config">): Promise<boolean> {
  const admin = ctx.config.admin;
  if (!admin || (await anyUserExists(ctx.db))) return false;
  const passwordHash = await hashPassword(admin.password);
  await insertUser(ctx.db, { name: admin.name, email: admin.email, passwordHash, role: "admin" });
  await recordAudit(ctx.db, { userEmail: admin.email, action: "auth.setup", details: "First administrator created from environment" });
  return true;
}

export async function signIn(ctx: AppContext, body: LoginBody, meta: RequestMeta): Promise<SignedIn> {
  const throttleKey = `staff:${body.email}`;
  const locked = await lockSecondsLeft(ctx.db, throttleKey);
  if (locked > 0) {
    await recordAudit(ctx.db, { userEmail: body.email, action: "auth.login_locked", details: "Sign-in refused while locked", meta });
    throw tooManyRequests(lockMessage(locked), locked);
  }
  const user = await findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) {
    const lockedFor = await recordAttempt(ctx.db, throttleKey, SIGN_IN_POLICY);
    await recordAudit(ctx.db, {
      userEmail: body.email,
      action: "auth.login_failed",
      details: user ? "Wrong password" : "Unknown email",
      meta,
    });
    if (lockedFor > 0) {
      await notifyMany(ctx.db, await adminEmails(ctx.db), {
        type: "security",
        message: `Sign-in for ${body.email} was locked for 15 minutes after ${SIGN_IN_POLICY.maxFailures} failed attempts`,
        link: null,
      });
    }
    throw unauthorized("Email or password is incorrect");
  }
  await clearAttempts(ctx.db, throttleKey);
  const sessionToken = await startSession(ctx, user.id, meta);
  await recordAudit(ctx.db, { userEmail: user.email, action: "auth.login", details: "Signed in", meta });
  return { user: toCurrentUser({ ...user, lastLoginAt: new Date() }), sessionToken };
}

export async function signOut(ctx: AppContext, sessionToken: string | null, meta: RequestMeta): Promise<void> {
  if (!sessionToken) return;
  const tokenHash = sha256Hex(sessionToken);
  const session = await findSessionUser(ctx.db, tokenHash);
  const removed = await deleteSession(ctx.db, tokenHash);
  if (removed && session) {
    await recordAudit(ctx.db, { userEmail: session.user.email, action: "auth.logout", details: "Signed out", meta });
  }
}

/** The user behind a session token, extending the session while it is in use. */
export async function userForSession(ctx: AppContext, sessionToken: string): Promise<{ user: CurrentUser; tokenHash: string } | null> {
  const tokenHash = sha256Hex(sessionToken);
  const row = await findSessionUser(ctx.db, tokenHash);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > SESSION_EXTEND_AFTER_MS) {
    await extendSession(ctx.db, tokenHash, ctx.config.sessionTtlMs);
  }
  return { user: toCurrentUser(row.user), tokenHash };
}
