import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loginThrottle } from "../../db/schema";

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** Seconds left on a lock, or 0 when the key may try again. */
export async function lockSecondsLeft(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`greatest(0, extract(epoch from (${loginThrottle.lockedUntil} - now())))::float8` })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  return row ? Number(row.left) : 0;
}

/**
 * Counts one attempt (a failed sign-in, a public form submission) in a single statement, so concurrent attempts from several app instances
 * cannot lose a count. A stale window starts over; reaching the limit sets the lock and starts
 * a fresh window. Answers the seconds of lock now in force (0 when not locked).
 */
export async function recordAttempt(db: Database, key: string, policy: ThrottlePolicy): Promise<number> {
  const windowSec = policy.windowMs / 1000;
  const lockSec = policy.lockMs / 1000;
  const stale = sql`login_throttle.window_started_at < now() - make_interval(secs => ${windowSec})`;
  const next = sql`(CASE WHEN ${stale} THEN 1 ELSE login_throttle.failures + 1 END)`;
  const result = await db.execute<{ left: number }>(sql`
    INSERT INTO login_throttle (key, failures, window_started_at, locked_until)
    VALUES (${key}, 1, now(), CASE WHEN 1 >= ${policy.maxFailures} THEN now() + make_interval(secs => ${lockSec}) END)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${next} >= ${policy.maxFailures} THEN 0 ELSE ${next} END,
      window_started_at = CASE WHEN ${stale} OR ${next} >= ${policy.maxFailures} THEN now() ELSE login_throttle.window_started_at END,
      locked_until = CASE WHEN ${next} >= ${policy.maxFailures} THEN now() + make_interval(secs => ${lockSec}) ELSE login_throttle.locked_until END
    RETURNING greatest(0, extract(epoch from (locked_until - now())))::float8 AS left`);
  const rows = (result as unknown as { rows: { left: number | null }[] }).rows;
  return Number(rows[0]?.left ?? 0);
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
