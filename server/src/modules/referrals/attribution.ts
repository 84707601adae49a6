import type { LeadAttribution } from "@contract/leads";
import type { Database } from "../../db/client";
import { findAffiliateByCode } from "../affiliates/affiliates.data";
import { normaliseCode } from "../affiliates/unique-code";
import { insertReferral } from "./referrals.data";

/**
 * Credits a new lead to the affiliate whose code came with it, inside the lead's own transaction. An unknown
 * or inactive code still lets the lead in, and the answer says why no referral was recorded.
 */
export async function attributeLead(db: Database, leadId: number, code: string, source: "code" | "link"): Promise<LeadAttribution> {
  const affiliate = await findAffiliateByCode(db, normaliseCode(code));
  if (!affiliate) return { affiliateCode: code, attributed: false, reason: "Unknown affiliate code" };
  if (affiliate.status !== "active") return { affiliateCode: code, attributed: false, reason: `The affiliate account is ${affiliate.status}` };
  await insertReferral(db, { affiliateId: affiliate.id, leadId, source });
  return { affiliateCode: affiliate.uniqueCode, attributed: true, reason: null };
}
