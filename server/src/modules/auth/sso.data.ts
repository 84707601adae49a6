import { eq, lt, sql } from "drizzle-orm";
import type { SsoProviderId } from "@contract/sso";
import type { Database } from "../../db/client";
import { ssoLoginAttempts, ssoProviders } from "../../db/schema";

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

export async function listSsoProviderRows(db: Database): Promise<SsoProviderRow[]> {
  return db.select().from(ssoProviders);
}

export async function findSsoProviderRow(db: Database, provider: SsoProviderId): Promise<SsoProviderRow | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.provider, provider));
  return row;
}

/** Saves a provider's settings (all of them, as an administrator entered them). */
export async function upsertSsoProviderSettings(
  db: Database,
  values: {
    provider: SsoProviderId;
    displayName: string;
    issuer: string;
    clientId: string;
    clientSecretEncrypted: string;
    clientSecretHint: string;
    enabled: boolean;
    updatedBy: number;
  },
): Promise<SsoProviderRow> {
  const [row] = await db
    .insert(ssoProviders)
    .values(values)
    .onConflictDoUpdate({
      target: ssoProviders.provider,
      set: {
        displayName: values.displayName,
        issuer: values.issuer,
        clientId: values.clientId,
        clientSecretEncrypted: values.clientSecretEncrypted,
        clientSecretHint: values.clientSecretHint,
        enabled: values.enabled,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Sets only the enabled flag, creating the row for a provider configured by environment. */
export async function upsertSsoProviderEnabled(db: Database, provider: SsoProviderId, enabled: boolean, updatedBy: number): Promise<SsoProviderRow> {
  const [row] = await db
    .insert(ssoProviders)
    .values({ provider, enabled, updatedBy })
    .onConflictDoUpdate({ target: ssoProviders.provider, set: { enabled, updatedBy, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function insertLoginAttempt(
  db: Database,
  values: { stateHash: string; provider: SsoProviderId; nonce: string; codeVerifier: string; redirectUri: string; ttlMs: number },
): Promise<void> {
  const { ttlMs, ...rest } = values;
  // Attempts nobody finished are useless once expired; clearing them here keeps the table small without a job.
  await db.delete(ssoLoginAttempts).where(lt(ssoLoginAttempts.expiresAt, sql`now()`));
  await db.insert(ssoLoginAttempts).values({ ...rest, expiresAt: new Date(Date.now() + ttlMs) });
}

/**
 * Takes the attempt a callback's state names, once: the row is deleted in the same statement, so a replayed callback
 * (or two racing ones) finds nothing. An expired attempt is deleted too and answers undefined.
 */
export async function takeLoginAttempt(db: Database, stateHash: string, provider: SsoProviderId) {
  const [row] = await db.delete(ssoLoginAttempts).where(eq(ssoLoginAttempts.stateHash, stateHash)).returning();
  if (!row || row.provider !== provider || row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

