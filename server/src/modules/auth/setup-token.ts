import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema";
import { randomBase62, sha256Hex } from "../../lib/crypto";
import { anyUserExists } from "./users.data";

const SETUP_TOKEN = "setup_token";

/** Four groups of five letters and digits (about 119 bits): long enough to guess never, short enough to copy from a log. */
function newSetupToken(): string {
  return (randomBase62(20).match(/.{5}/g) ?? []).join("-");
}

/**
 * The one-time token that POST /api/auth/setup requires while no user exists. It lives in the
 * database, so every app instance sharing it prints and accepts the same token; answers undefined
 * (and removes a stale token) once a user exists.
 */
export async function ensureSetupToken(db: Database): Promise<string | undefined> {
  if (await anyUserExists(db)) {
    await deleteSetupToken(db);
    return undefined;
  }
  await db.insert(appSecrets).values({ name: SETUP_TOKEN, value: newSetupToken() }).onConflictDoNothing();
  return readSetupToken(db);
}

export async function readSetupToken(db: Database): Promise<string | undefined> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SETUP_TOKEN));
  return row?.value;
}

export async function deleteSetupToken(db: Database): Promise<void> {
  await db.delete(appSecrets).where(eq(appSecrets.name, SETUP_TOKEN));
}

/** Constant-time comparison: hashing first gives both sides the same length whatever was typed. */
export function setupTokenMatches(expected: string | undefined, given: string): boolean {
  if (expected === undefined) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(expected), "hex"), Buffer.from(sha256Hex(given), "hex"));
}
