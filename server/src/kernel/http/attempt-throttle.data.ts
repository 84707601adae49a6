import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { loginThrottle } from "../../db/schema";

export interface ThrottlePolicy {
  /** Attempts allowed per window; the attempt that reaches it starts the lock. */
  maxAttempts: number;
  windowMs: number;
  /** How long the lock lasts from the attempt that reached the limit; without it, until the window ends. */
  lockMs?: number;
}

/**
 * No policy may use a longer window or lock: the purge job deletes rows whose window started longer ago than
 * this and that hold no lock, which is only harmless while every window is over by then.
 */
export const LONGEST_THROTTLE_WINDOW_MS = 60 * 60_000;

export interface Reservation {
  /** False when the key is over its limit: the attempt must be refused without being evaluated. */
  allowed: boolean;
  /** This attempt's place in the window (1 = first); an allowed attempt equal to `maxAttempts` started the lock. */
  attempt: number;
  /** Seconds until the key may try again (0 while not locked). */
  retryAfterSeconds: number;
}

/**
 * Reserves one attempt for a key (a sign-in by email and address, a public form by address) BEFORE the attempt is
 * evaluated, in one statement: concurrent requests, also from other app instances, each see the count the previous
 * one left, so no more than `maxAttempts` per window can ever be allowed.
 *
 * A window that is over, or a lock that has run out, starts counting afresh. The attempt that reaches the limit is
 * still allowed but sets the lock, so every later one is refused while that attempt is being evaluated. Refused
 * attempts are not counted as attempts: they only raise the count to `maxAttempts + 1`, which tells them apart
 * from the allowed attempt that reached the limit.
 */
export async function reserveAttempt(db: Database, key: string, policy: ThrottlePolicy): Promise<Reservation> {
  if (policy.windowMs > LONGEST_THROTTLE_WINDOW_MS || (policy.lockMs ?? 0) > LONGEST_THROTTLE_WINDOW_MS) {
    throw new Error(`Throttle windows and locks are at most ${LONGEST_THROTTLE_WINDOW_MS} ms (see the purge job)`);
  }
  const max = sql`${policy.maxAttempts}::int`;
  const windowLength = sql`make_interval(secs => ${policy.windowMs / 1000}::float8)`;
  const lockEnd = (windowStart: ReturnType<typeof sql>) =>
    policy.lockMs === undefined ? sql`(${windowStart} + ${windowLength})` : sql`(now() + make_interval(secs => ${policy.lockMs / 1000}::float8))`;
  const locked = sql`(login_throttle.locked_until > now())`;
  // Not locked, and either the window is over or the lock it had has run out.
  const startsOver = sql`(login_throttle.window_started_at <= now() - ${windowLength} OR login_throttle.locked_until IS NOT NULL)`;
  const [row] = await rawRows<{ attempt: number; lock_seconds: number | null }>(db, sql`
    INSERT INTO login_throttle (key, failures, window_started_at, locked_until)
    VALUES (${key}, 1, now(), CASE WHEN 1 >= ${max} THEN ${lockEnd(sql`now()`)} END)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN ${locked} THEN greatest(login_throttle.failures, ${max} + 1)
        WHEN ${startsOver} THEN 1
        ELSE login_throttle.failures + 1
      END,
      window_started_at = CASE WHEN NOT ${locked} AND ${startsOver} THEN now() ELSE login_throttle.window_started_at END,
      locked_until = CASE
        WHEN ${locked} THEN login_throttle.locked_until
        WHEN ${startsOver} THEN CASE WHEN 1 >= ${max} THEN ${lockEnd(sql`now()`)} END
        WHEN login_throttle.failures + 1 >= ${max} THEN ${lockEnd(sql`login_throttle.window_started_at`)}
      END
    RETURNING failures AS attempt, greatest(0, extract(epoch from (locked_until - now())))::float8 AS lock_seconds`);
  const attempt = Number(row?.attempt ?? 1);
  const lockSeconds = Number(row?.lock_seconds ?? 0);
  const allowed = attempt <= policy.maxAttempts;
  return { allowed, attempt, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(lockSeconds)) };
}

/**
 * Gives back one allowed reservation (a sign-in that succeeded is not a failure). What remains counted are the
 * other allowed attempts, so the lock their count no longer reaches is lifted.
 */
export async function releaseAttempt(db: Database, key: string, policy: ThrottlePolicy): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(0, least(${loginThrottle.failures}, ${policy.maxAttempts}::int) - 1)`, lockedUntil: null })
    .where(eq(loginThrottle.key, key));
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Deletes the rows whose window is over and that hold no lock: they count nothing any more. */
export async function purgeExpiredThrottles(db: Database): Promise<number> {
  const windowOver = lt(loginThrottle.windowStartedAt, sql`now() - make_interval(secs => ${LONGEST_THROTTLE_WINDOW_MS / 1000}::float8)`);
  const noLock = or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, sql`now()`));
  const deleted = await db.delete(loginThrottle).where(and(windowOver, noLock)).returning({ key: loginThrottle.key });
  return deleted.length;
}

/**
 * Failed sign-ins per email AND client address: 8 in 15 minutes lock that pair for 15 minutes, so a stranger
 * failing from elsewhere does not lock the owner out of their usual address.
 */
export const SIGN_IN_POLICY: ThrottlePolicy = { maxAttempts: 8, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** Failed sign-ins per email from every address together: the ceiling for an attack spread over many addresses. */
export const SIGN_IN_EMAIL_POLICY: ThrottlePolicy = { maxAttempts: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export type SignInGate =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      addressKey: string;
      emailKey: string;
      /** Which lock this attempt starts if it fails: it reached that limit (the one moment to alert anyone). */
      locksIfFailed: "address" | "email" | null;
    };

/**
 * Reserves a sign-in attempt for `<scope>:<email>` before the password is checked: first for the email from this
 * address, then for the email from anywhere. A refusal at the second gives the first back, since the attempt was
 * never evaluated.
 */
export async function reserveSignIn(db: Database, scope: "staff" | "affiliate", email: string, address: string): Promise<SignInGate> {
  const emailKey = `${scope}:${email.toLowerCase()}`;
  const addressKey = `${emailKey}|${address}`;
  const fromAddress = await reserveAttempt(db, addressKey, SIGN_IN_POLICY);
  if (!fromAddress.allowed) return { allowed: false, retryAfterSeconds: fromAddress.retryAfterSeconds };
  const fromAnywhere = await reserveAttempt(db, emailKey, SIGN_IN_EMAIL_POLICY);
  if (!fromAnywhere.allowed) {
    await releaseAttempt(db, addressKey, SIGN_IN_POLICY);
    return { allowed: false, retryAfterSeconds: fromAnywhere.retryAfterSeconds };
  }
  const locksIfFailed =
    fromAnywhere.attempt === SIGN_IN_EMAIL_POLICY.maxAttempts ? "email" : fromAddress.attempt === SIGN_IN_POLICY.maxAttempts ? "address" : null;
  return { allowed: true, addressKey, emailKey, locksIfFailed };
}

/** A correct password: the failures from this address are forgiven; the email-wide count only gets this attempt back. */
export async function signInSucceeded(db: Database, gate: Extract<SignInGate, { allowed: true }>): Promise<void> {
  await clearAttempts(db, gate.addressKey);
  await releaseAttempt(db, gate.emailKey, SIGN_IN_EMAIL_POLICY);
}
