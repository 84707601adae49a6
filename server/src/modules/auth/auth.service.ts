import { sql } from "drizzle-orm";
import type { CurrentUser, LoginBody, SetupBody } from "@contract/auth";
import type { AppContext } from "../../kernel/app-context";
import type { Database } from "../../db/client";
import { conflict, HttpError, tooManyRequests, unauthorized } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { addressKey } from "../../kernel/http/rate-limit";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { recordAudit } from "../../kernel/audit";
import { notifyMany } from "../notifications/notifications.service";
import { reserveSignIn, SIGN_IN_EMAIL_POLICY, SIGN_IN_POLICY, signInSucceeded } from "../../kernel/http/attempt-throttle.data";
import { hashPassword, verifyPassword } from "./password";
import { deleteSession, extendSession, findSessionUser, insertSession } from "./session.data";
import { deleteSetupToken, readSetupToken, setupTokenMatches } from "./setup-token";
import { adminEmails, anyUserExists, findUserByEmail, insertUser, markSignedIn, toCurrentUser } from "./users.data";

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

const SETUP_DONE = "Setup is already complete. Sign in instead.";
const WRONG_SETUP_TOKEN = "The set-up token is not correct. Copy it from the server log.";

/** Refuses set-up once a user exists (409) or when the token printed at start is not the one given (403). */
async function checkSetupAllowed(db: Database, setupToken: string): Promise<void> {
  if (await anyUserExists(db)) throw conflict(SETUP_DONE);
  if (!setupTokenMatches(await readSetupToken(db), setupToken)) {
    throw new HttpError(403, WRONG_SETUP_TOKEN, { setupToken: WRONG_SETUP_TOKEN });
  }
}

/** Creates the first administrator; needs the set-up token and is refused once any user exists. */
export async function setupFirstAdmin(ctx: AppContext, body: SetupBody, meta: RequestMeta): Promise<SignedIn> {
  // Checked before the costly password hash too, so guessing tokens costs the server next to nothing.
  await checkSetupAllowed(ctx.db, body.setupToken);
  const passwordHash = await hashPassword(body.password);
  const row = await ctx.db.transaction(async (tx) => {
    // Two set-up requests racing each other: the lock makes the second see the first's user.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const txDb = tx as unknown as Database;
    await checkSetupAllowed(txDb, body.setupToken);
    const user = await insertUser(txDb, { name: body.name, email: body.email, passwordHash, role: "admin" });
    await deleteSetupToken(txDb);
    return user;
  });
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

/**
 * The attempt is reserved against the lockout before the password is checked, so a burst of parallel guesses
 * gets no more evaluations than the policy allows; a refused attempt never reaches the password check.
 */
export async function signIn(ctx: AppContext, body: LoginBody, meta: RequestMeta): Promise<SignedIn> {
  const gate = await reserveSignIn(ctx.db, "staff", body.email, addressKey(meta.ip));
  if (!gate.allowed) {
    await recordAudit(ctx.db, { userEmail: body.email, action: "auth.login_locked", details: "Sign-in refused while locked", meta });
    throw tooManyRequests(lockMessage(gate.retryAfterSeconds), gate.retryAfterSeconds);
  }
  const user = await findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) {
    await recordAudit(ctx.db, {
      userEmail: body.email,
      action: "auth.login_failed",
      details: user ? "Wrong password" : "Unknown email",
      meta,
    });
    // Only the attempt that reached a limit alerts, so a lockout notifies once however many requests follow.
    if (gate.locksIfFailed) {
      const message =
        gate.locksIfFailed === "address"
          ? `Sign-in for ${body.email} from ${meta.ip} was locked for 15 minutes after ${SIGN_IN_POLICY.maxAttempts} failed attempts`
          : `Sign-in for ${body.email} was locked for 15 minutes from every address after ${SIGN_IN_EMAIL_POLICY.maxAttempts} failed attempts`;
      await notifyMany(ctx.db, await adminEmails(ctx.db), { type: "security", message, link: null });
    }
    throw unauthorized("Email or password is incorrect");
  }
  await signInSucceeded(ctx.db, gate);
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
