import { and, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../server/src/db/client";
import { affiliatePayouts, affiliateReferrals, affiliates, leads } from "../server/src/db/schema";
import { affiliateBalance, approveCommissions, insertPayout } from "../server/src/modules/affiliates/affiliates.data";
import { toCents } from "../server/src/lib/money";
import { hashPassword } from "../server/src/lib/password";

export const DEMO_PARTNER_PASSWORD = "demo-partner";

const PARTNERS = [
  { name: "Marta Quintero", businessName: "Quintero Consulting", code: "MQC7R2", status: "active", referrals: 14, paid: true },
  { name: "Jonas Albrecht", businessName: "Albrecht Digital", code: "JAD4K9", status: "active", referrals: 10, paid: true },
  { name: "Aisha Bello", businessName: "Bello Bookkeeping", code: "ABB8N3", status: "active", referrals: 7, paid: false },
  { name: "Chen Wei", businessName: "Harbor Tech Partners", code: "CWH5T6", status: "active", referrals: 4, paid: false },
  { name: "Olivia Grant", businessName: "Grant & Co Advisors", code: "OGA2M8", status: "pending", referrals: 0, paid: false },
  { name: "Rafael Duarte", businessName: "Duarte Marketing", code: "RDM9P4", status: "suspended", referrals: 2, paid: false },
] as const;

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@partners.example`;

export interface DemoAffiliateResult {
  affiliatesAdded: number;
  referralsAdded: number;
  payoutsAdded: number;
}

/**
 * Partners with referrals taken from leads nobody has referred yet, commissions from the referred leads that are
 * converted (the database creates them), approvals and payouts. Safe to run again.
 */
export async function seedDemoAffiliates(db: Database): Promise<DemoAffiliateResult> {
  const passwordHash = await hashPassword(DEMO_PARTNER_PASSWORD);
  const added = await db
    .insert(affiliates)
    .values(PARTNERS.map((p) => ({ name: p.name, businessName: p.businessName, email: emailOf(p.name), passwordHash, uniqueCode: p.code, status: "active" })))
    .onConflictDoNothing()
    .returning({ id: affiliates.id });
  let referralsAdded = 0;
  let payoutsAdded = 0;
  for (const partner of PARTNERS) {
    const [row] = await db.select().from(affiliates).where(eq(affiliates.uniqueCode, partner.code));
    if (!row) continue;
    const [already] = await db.select({ n: count() }).from(affiliateReferrals).where(eq(affiliateReferrals.affiliateId, row.id));
    const wanted = partner.referrals - (already?.n ?? 0);
    if (wanted > 0) {
      // About a third of each partner's referrals are converted leads, so the programme shows real commissions.
      const unreferred = (converted: boolean, limit: number) =>
        db
          .select({ id: leads.id, createdAt: leads.createdAt })
          .from(leads)
          .leftJoin(affiliateReferrals, eq(affiliateReferrals.leadId, leads.id))
          .where(and(isNull(affiliateReferrals.id), converted ? eq(leads.status, "converted") : ne(leads.status, "converted")))
          .orderBy(sql`${leads.id} % 7`, leads.id)
          .limit(limit);
      const convertedShare = Math.round(wanted / 3);
      const free = [...(await unreferred(true, convertedShare)), ...(await unreferred(false, wanted - convertedShare))];
      if (free.length > 0) {
        await db.insert(affiliateReferrals).values(free.map((l) => ({ affiliateId: row.id, leadId: l.id, referredAt: l.createdAt, source: "code" }))).onConflictDoNothing();
        await db.update(leads).set({ affiliateCode: partner.code }).where(inArray(leads.id, free.map((l) => l.id)));
        referralsAdded += free.length;
      }
    }
    if (partner.status !== "active") await db.update(affiliates).set({ status: partner.status }).where(eq(affiliates.id, row.id));
    const [payouts] = await db.select({ n: count() }).from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, row.id));
    if (partner.paid && (payouts?.n ?? 0) === 0) {
      await approveCommissions(db, row.id, undefined);
      const { approved } = await affiliateBalance(db, row.id);
      if (toCents(approved) > 0n) {
        await insertPayout(db, row.id, approved, "Demo: monthly bank transfer", "seed:demo");
        payoutsAdded++;
      }
    }
  }
  return { affiliatesAdded: added.length, referralsAdded, payoutsAdded };
}
