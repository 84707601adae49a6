import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Referral, ReferralStats } from "@contract/affiliates";
import type { Database } from "../../db/client";
import type { KeysetPosition } from "../../kernel/http/csv-export";
import { affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates, leads, referralClicks } from "../../db/schema";

export interface ReferralFilter {
  affiliateId?: number | undefined;
  /** YYYY-MM-DD: referrals (and payouts) on or after this UTC day. */
  since?: string | undefined;
}

const since = (column: SQL | typeof affiliateReferrals.referredAt, day: string) => sql`${column} >= (${day}::date)::timestamp AT TIME ZONE 'UTC'`;

function referralConditions(filter: ReferralFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.affiliateId) conditions.push(eq(affiliateReferrals.affiliateId, filter.affiliateId));
  if (filter.since) conditions.push(since(affiliateReferrals.referredAt, filter.since));
  return conditions;
}

export async function insertReferral(db: Database, values: { affiliateId: number; leadId: number; source: "code" | "link" }): Promise<void> {
  await db.insert(affiliateReferrals).values(values).onConflictDoNothing();
}

/** What a referral row reads, for the list and for the export. */
const referralColumns = {
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

/** Referral figures for the tracking screen: totals over referrals, and money actually paid out. */
export async function referralStats(db: Database, filter: ReferralFilter): Promise<ReferralStats> {
  const payoutConditions: SQL[] = [];
  if (filter.affiliateId) payoutConditions.push(eq(affiliatePayouts.affiliateId, filter.affiliateId));
  if (filter.since) payoutConditions.push(since(sql`${affiliatePayouts.paidAt}`, filter.since));
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

export async function affiliateConversions(db: Database, affiliateId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(affiliateReferrals)
    .innerJoin(leads, eq(leads.id, affiliateReferrals.leadId))
    .where(and(eq(affiliateReferrals.affiliateId, affiliateId), eq(leads.status, "converted")));
  return row?.n ?? 0;
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
