import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { affiliates } from "../schema";

/** Codes are compared without regard to case, spaces or dashes people add when typing them. */
export const normaliseAffiliateCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/**
 * The affiliate whose referral code this is, as a person typed it or a referral link carried it (through the unique
 * index on the upper-case code). A lead's attribution and the referral link both read codes this way.
 */
export async function findAffiliateByCode(db: Database, code: string) {
  const [row] = await db
    .select({ id: affiliates.id, uniqueCode: affiliates.uniqueCode, status: affiliates.status })
    .from(affiliates)
    .where(sql`upper(${affiliates.uniqueCode}) = ${normaliseAffiliateCode(code)}`);
  return row;
}
