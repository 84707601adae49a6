import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ReferralStats } from "@contract/affiliates";
import type { Database } from "../../db/client";
import { referralColumns, referralConditions, sinceUtcDay, type ReferralFilter } from "../../db/queries/referral-rows";
import type { KeysetPosition } from "../../kernel/http/csv-export";
import { affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates, leads, referralClicks } from "../../db/schema";

/** The tracking screen's list: the same rows an affiliate's own pages show. */
export { listReferrals } from "../../db/queries/referral-rows";

/** Referral figures for the tracking screen: totals over referrals, and money actually paid out. */
export async function referralStats(db: Database, filter: ReferralFilter): Promise<ReferralStats> {
  const payoutConditions: SQL[] = [];
  if (filter.affiliateId) payoutConditions.push(eq(affiliatePayouts.affiliateId, filter.affiliateId));
  if (filter.since) payoutConditions.push(sinceUtcDay(sql`${affiliatePayouts.paidAt}`, filter.since));
  const [[counts], [paid]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        converted: sql<number>`(count(*) FILTER (WHERE ${leads.status} = 'converted'))::int`,
      })
      .from(affiliateReferrals)
      .innerJoin(leads, eq(leads.id, affiliateReferrals.leadId))
      .where(and(...referralConditions(filter))),
    db
      .select({ sum: sql<string>`coalesce(sum(${affiliatePayouts.amount}), 0)::numeric(12, 2)::text` })
      .from(affiliatePayouts)
      .where(and(...payoutConditions)),
  ]);
  const total = counts?.total ?? 0;
  const converted = counts?.converted ?? 0;
  return { totalReferrals: total, converted, commissionPaid: paid?.sum ?? "0.00", conversionRate: total ? converted / total : 0 };
}

export async function recordClick(db: Database, values: { affiliateId: number; ipAddress: string; userAgent: string | null }): Promise<void> {
  await db.insert(referralClicks).values(values);
}

export const REFERRAL_EXPORT_HEADER = [
  "ID", "Referred", "Affiliate", "Affiliate code", "Lead ID", "Lead", "Business", "Lead email", "Lead status", "Source", "Commission", "Commission status",
] as const;

type ReferralExportRow = Awaited<ReturnType<typeof readReferralExportBatch>>[number];

/** A referral export row's cells, in the order of REFERRAL_EXPORT_HEADER. */
export const referralExportCells = (row: ReferralExportRow) => [
  row.id,
  row.referredAt,
  row.affiliateName,
  row.affiliateCode,
  row.leadId,
  row.leadName,
  row.leadBusinessName,
  row.leadEmail,
  row.leadStatus,
  row.source,
  row.commissionAmount,
  row.commissionStatus,
];

/** One keyset batch of the referrals the filter matches, newest first like Recent Referrals, after `after`. */
export async function readReferralExportBatch(db: Database, filter: ReferralFilter, after: KeysetPosition | null, limit: number) {
  const conditions = referralConditions(filter);
  if (after) conditions.push(sql`(${affiliateReferrals.referredAt}, ${affiliateReferrals.id}) < (${after.key}::timestamptz, ${after.id})`);
  return db
    .select({ ...referralColumns, sortKey: sql<string>`${affiliateReferrals.referredAt}::text` })
    .from(affiliateReferrals)
    .innerJoin(affiliates, eq(affiliates.id, affiliateReferrals.affiliateId))
    .innerJoin(leads, eq(leads.id, affiliateReferrals.leadId))
    .leftJoin(affiliateCommissions, eq(affiliateCommissions.referralId, affiliateReferrals.id))
    .where(and(...conditions))
    .orderBy(desc(affiliateReferrals.referredAt), desc(affiliateReferrals.id))
    .limit(limit);
}
