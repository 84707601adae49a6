import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Referral } from "@contract/affiliates";
import type { Database } from "../client";
import { affiliateCommissions, affiliateReferrals, affiliates, leads } from "../schema";
import { leadInScope } from "../../kernel/lead-scope";

/*
 * Referrals as the staff tracking screen and an affiliate's own pages (their detail and their partner dashboard)
 * list them: one row shape and one query for both areas.
 */

export interface ReferralFilter {
  affiliateId?: number | undefined;
  leadId?: number | undefined;
  /** YYYY-MM-DD: referrals (and payouts) on or after this UTC day. */
  since?: string | undefined;
}

export const sinceUtcDay = (column: SQL | typeof affiliateReferrals.referredAt, day: string) => sql`${column} >= (${day}::date)::timestamp AT TIME ZONE 'UTC'`;

/**
 * Every referral is of a lead: a request sees those of leads within its lead scope (issue 26.5), so a restricted
 * agent's list, export and figures leave out another agent's leads. A partner's own pages are no staff request and see
 * all of theirs.
 */
export function referralConditions(filter: ReferralFilter): SQL[] {
  const conditions: SQL[] = [sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${affiliateReferrals.leadId} AND ${leadInScope(sql`l.assignee_id`)})`];
  if (filter.affiliateId) conditions.push(eq(affiliateReferrals.affiliateId, filter.affiliateId));
  if (filter.leadId) conditions.push(eq(affiliateReferrals.leadId, filter.leadId));
  if (filter.since) conditions.push(sinceUtcDay(affiliateReferrals.referredAt, filter.since));
  return conditions;
}

/** What a referral row reads, for the list and for the export. */
export const referralColumns = {
  id: affiliateReferrals.id,
  affiliateId: affiliateReferrals.affiliateId,
  affiliateName: affiliates.name,
  affiliateCode: affiliates.uniqueCode,
  leadId: affiliateReferrals.leadId,
  leadName: sql<string>`${leads.businessOwnerName} || ' ' || ${leads.businessOwnerLastName}`,
  leadBusinessName: leads.businessName,
  leadEmail: leads.email,
  leadStatus: leads.status,
  commissionId: affiliateCommissions.id,
  commissionAmount: affiliateCommissions.amount,
  commissionStatus: affiliateCommissions.status,
  referredAt: affiliateReferrals.referredAt,
  source: affiliateReferrals.source,
};

export async function listReferrals(db: Database, filter: ReferralFilter, limit: number): Promise<{ referrals: Referral[]; total: number }> {
  const where = and(...referralConditions(filter));
  const [rows, [total]] = await Promise.all([
    db
      .select(referralColumns)
      .from(affiliateReferrals)
      .innerJoin(affiliates, eq(affiliates.id, affiliateReferrals.affiliateId))
      .innerJoin(leads, eq(leads.id, affiliateReferrals.leadId))
      .leftJoin(affiliateCommissions, eq(affiliateCommissions.referralId, affiliateReferrals.id))
      .where(where)
      .orderBy(desc(affiliateReferrals.referredAt), desc(affiliateReferrals.id))
      .limit(limit),
    db.select({ n: count() }).from(affiliateReferrals).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    referrals: rows.map(({ commissionId, commissionAmount, commissionStatus, ...r }) => ({
      ...r,
      leadStatus: r.leadStatus as Referral["leadStatus"],
      source: r.source as Referral["source"],
      referredAt: r.referredAt.toISOString(),
      commission:
        commissionId !== null && commissionAmount !== null && commissionStatus !== null
          ? { id: commissionId, amount: commissionAmount, status: commissionStatus as "pending" }
          : null,
    })),
  };
}
