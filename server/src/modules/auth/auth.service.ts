import { sql } from "drizzle-orm";
import type { CurrentUser, LoginBody, SetupBody } from "@contract/auth";
import type { AppContext } from "../../kernel/app-context";
import type { Database } from "../../db/client";
import { conflict, forbidden, tooManyRequests, unauthorized } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { addressKey } from "../../kernel/http/rate-limit";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { recordAudit } from "../../kernel/audit";
import { notifyAdmins } from "../../kernel/notify";
import { inTransaction } from "../../kernel/transaction";
import type { LeadAccess } from "../../kernel/lead-scope";
import { reserveSignIn, SIGN_IN_EMAIL_POLICY, SIGN_IN_POLICY, signInSucceeded } from "../../kernel/http/attempt-throttle.data";
import { hashPassword, verifyPassword } from "../../lib/password";
import { deleteSession, extendSession, findSessionUser, insertSession, sessionPublicId } from "./session.data";
import { deleteSetupToken, readSetupToken, setupTokenMatches } from "./setup-token";
import { anyUserExists, findUserByEmail, insertUser, markSignedIn, toCurrentUser } from "./users.data";

const SESSION_EXTEND_AFTER_MS = 5 * 60_000;

export interface SignedIn {
  user: CurrentUser;
  /** The raw token for the cookie; only its hash is stored. */
  sessionToken: string;
}

/** Stores a session for the user, with the caller's database or transaction; answers the raw token for the cookie. */
export async function startSession(db: Database, ttlMs: number, userId: number, meta: RequestMeta): Promise<string> {
  const sessionToken = randomToken(32);
  await insertSession(db, { tokenHash: sha256Hex(sessionToken), userId, ttlMs, meta });
  await markSignedIn(db, userId);
  return sessionToken;
}

export async function needsSetup(db: Database): Promise<boolean> {
  return !(await anyUserExists(db));
}

/** Refuses set-up once it is complete (409), before its body is read: a 400 about the body would say set-up is still open. */
export async function refuseOnceSetUp(db: Database): Promise<void> {
  if (await anyUserExists(db)) throw conflict("auth.setup_done");
}

/** Refuses set-up once a user exists (409) or when the token printed at start is not the one given (403). */
async function checkSetupAllowed(db: Database, setupToken: string): Promise<void> {
  if (await anyUserExists(db)) throw conflict("auth.setup_done");
  if (!setupTokenMatches(await readSetupToken(db), setupToken)) {
    throw forbidden("auth.wrong_setup_token", { field: "setupToken" });
  }
}

/** Creates the first administrator; needs the set-up token and is refused once any user exists. */
export async function setupFirstAdmin(ctx: AppContext, body: SetupBody, meta: RequestMeta): Promise<SignedIn> {
  // Checked before the costly password hash too, so guessing tokens costs the server next to nothing.
  await checkSetupAllowed(ctx.db, body.setupToken);
  const passwordHash = await hashPassword(body.password);
  return inTransaction(ctx.db, async (tx) => {
    // Two set-up requests racing each other: the lock makes the second see the first's user.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    await checkSetupAllowed(tx, body.setupToken);
    const row = await insertUser(tx, { name: body.name, email: body.email, passwordHash, role: "admin" });
    await deleteSetupToken(tx);
    await recordAudit(tx, { userEmail: row.email, action: "auth.setup", message: { code: "auth.setup", params: {} }, meta });
    const sessionToken = await startSession(tx, ctx.config.sessionTtlMs, row.id, meta);
    return { user: toCurrentUser({ ...row, lastLoginAt: new Date() }), sessionToken };
  });
}

/** Creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD when the database has no user yet. */
export async function ensureInitialAdmin(ctx: Pick<AppContext, "db" | "config">): Promise<boolean> {
  const admin = ctx.config.admin;
  if (!admin || (await anyUserExists(ctx.db))) return false;
  const passwordHash = await hashPassword(admin.password);
  await inTransaction(ctx.db, async (tx) => {
    await insertUser(tx, { name: admin.name, email: admin.email, passwordHash, role: "admin" });
    await recordAudit(tx, { userEmail: admin.email, action: "auth.setup", message: { code: "auth.setup_from_environment", params: {} } });
  });
  return true;
}

/**
 * The attempt is reserved against the lockout before the password is checked, so a burst of parallel guesses
 * gets no more evaluations than the policy allows; a refused attempt never reaches the password check.
 */
export async function signIn(ctx: AppContext, body: LoginBody, meta: RequestMeta): Promise<SignedIn> {
  const gate = await reserveSignIn(ctx.db, "staff", body.email, addressKey(meta.ip));
  if (!gate.allowed) {
    await recordAudit(ctx.db, { userEmail: body.email, action: "auth.login_locked", message: { code: "auth.refused_while_locked", params: {} }, meta });
    throw tooManyRequests("auth.too_many_sign_ins", gate.retryAfterSeconds, { minutes: Math.ceil(gate.retryAfterSeconds / 60) });
  }
  const user = await findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) {
    const locksIfFailed = gate.locksIfFailed;
    await inTransaction(ctx.db, async (tx) => {
      await recordAudit(tx, {
        userEmail: body.email,
        action: "auth.login_failed",
        message: { code: user ? "auth.wrong_password" : "auth.unknown_email", params: {} },
        meta,
      });
      // Only the attempt that reached a limit alerts, so a lockout notifies once however many requests follow.
      if (locksIfFailed) {
        const policy = locksIfFailed === "address" ? SIGN_IN_POLICY : SIGN_IN_EMAIL_POLICY;
        // The lock lasts lockMs from this attempt (the window's length for a policy without one).
        const until = new Date(Date.now() + (policy.lockMs ?? policy.windowMs)).toISOString();
        const attempts = policy.maxAttempts;
        await notifyAdmins(tx, {
          type: "security",
          ...(locksIfFailed === "address"
            ? { code: "security.sign_in_locked_address", params: { email: body.email, address: meta.ip, until, attempts } }
            : { code: "security.sign_in_locked_email", params: { email: body.email, until, attempts } }),
          link: null,
        });
      }
    });
    throw unauthorized("auth.wrong_credentials");
  }
  // Only someone who knows the password learns the account is deactivated.
  if (user.deactivatedAt) throw forbidden("auth.account_deactivated");
  await signInSucceeded(ctx.db, gate);
  const sessionToken = await inTransaction(ctx.db, async (tx) => {
    const token = await startSession(tx, ctx.config.sessionTtlMs, user.id, meta);
    // The audit row names the session this sign-in started, as later rows of the same session do.
    const sessionId = await sessionPublicId(tx, sha256Hex(token));
    await recordAudit(tx, { userEmail: user.email, userId: user.id, action: "auth.login", message: { code: "auth.signed_in", params: {} }, meta: { ...meta, sessionId } });
    return token;
  });
  return { user: toCurrentUser({ ...user, lastLoginAt: new Date() }), sessionToken };
}

export async function signOut(ctx: AppContext, sessionToken: string | null, meta: RequestMeta): Promise<void> {
  if (!sessionToken) return;
  const tokenHash = sha256Hex(sessionToken);
  const session = await findSessionUser(ctx.db, tokenHash);
  await inTransaction(ctx.db, async (tx) => {
    const removed = await deleteSession(tx, tokenHash);
    if (removed && session) {
      await recordAudit(tx, { userEmail: session.user.email, action: "auth.logout", message: { code: "auth.signed_out", params: {} }, meta });
    }
  });
}

/** The user behind a session token, extending the session while it is in use. */
export async function userForSession(
  ctx: AppContext,
  sessionToken: string,
): Promise<{ user: CurrentUser; tokenHash: string; sessionId: string; leadAccess: LeadAccess } | null> {
  const tokenHash = sha256Hex(sessionToken);
  const row = await findSessionUser(ctx.db, tokenHash);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > SESSION_EXTEND_AFTER_MS) {
    await extendSession(ctx.db, tokenHash, ctx.config.sessionTtlMs);
  }
  return { user: toCurrentUser(row.user), tokenHash, sessionId: row.sessionId, leadAccess: row.leadAccess };
}
