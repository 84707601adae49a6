import { lt, sql } from "drizzle-orm";
import { AFFILIATE_TOKEN_DAYS } from "@contract/affiliates";
import type { Database } from "../../db/client";
import { affiliateTokens } from "../../db/schema";
import { randomToken, sha256Hex } from "../../lib/crypto";
import type { AffiliatePrincipal } from "../../kernel/principal";
import { deleteAffiliateToken, findTokenAffiliate, insertAffiliateToken } from "./affiliates.data";

/** Partner tokens carry a prefix so the request guard can tell them from staff API keys without a lookup. */
export const AFFILIATE_TOKEN_PREFIX = "lwa_";

export async function issueAffiliateToken(db: Database, affiliateId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = `${AFFILIATE_TOKEN_PREFIX}${randomToken(32)}`;
  const expiresAt = new Date(Date.now() + AFFILIATE_TOKEN_DAYS * 86_400_000);
  await insertAffiliateToken(db, { tokenHash: sha256Hex(token), affiliateId, expiresAt });
  return { token, expiresAt };
}

/** The affiliate behind an unexpired token; suspended affiliates lose access at once. */
export async function affiliateForToken(db: Database, token: string): Promise<AffiliatePrincipal | null> {
  const tokenHash = sha256Hex(token);
  const row = await findTokenAffiliate(db, tokenHash);
  if (!row || row.status === "suspended") return null;
  return { id: row.id, name: row.name, uniqueCode: row.uniqueCode, tokenHash };
}

/** The affiliates area's credential for the kernel's auth hook (app.ts wires it): a bearer token with the partner prefix. */
export async function affiliateForBearer(db: Database, bearerToken: string | null): Promise<AffiliatePrincipal | null> {
  if (!bearerToken?.startsWith(AFFILIATE_TOKEN_PREFIX)) return null;
  return affiliateForToken(db, bearerToken);
}

export const revokeAffiliateToken = (db: Database, tokenHash: string) => deleteAffiliateToken(db, tokenHash);

/** Every partner sign-in stores a token; once expired it admits no one, so the purge job deletes it. */
export async function purgeExpiredAffiliateTokens(db: Database): Promise<number> {
  const deleted = await db.delete(affiliateTokens).where(lt(affiliateTokens.expiresAt, sql`now()`)).returning({ tokenHash: affiliateTokens.tokenHash });
  return deleted.length;
}
