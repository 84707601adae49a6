import type {
  Affiliate,
  AffiliateDashboard,
  AffiliateDetail,
  AffiliateLoginBody,
  AffiliateLoginResult,
  AffiliateSignupBody,
} from "@contract/affiliates";
import type { Database } from "../../db/client";
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from "../../kernel/http/errors";
import { addressKey } from "../../kernel/http/rate-limit";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { isUniqueViolation } from "../../lib/db-errors";
import { toCents } from "../../lib/money";
import { recordAudit } from "../../kernel/audit";
import { actorLabel } from "../../kernel/actor";
import { reserveSignIn, signInSucceeded } from "../../kernel/http/attempt-throttle.data";
import { hashPassword, verifyPassword } from "../../lib/password";
import { emitEvent } from "../../kernel/events";
import { hasPermission, type AffiliatePrincipal, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { listReferrals } from "../../db/queries/referral-rows";
import { issueAffiliateToken, revokeAffiliateToken } from "./affiliate-tokens";
import {
  affiliateBalance,
  affiliateConversions,
  affiliateMonthly,
  approveCommissions,
  findAffiliateByEmail,
  findAffiliateById,
  insertAffiliate,
  insertPayout,
  listAffiliates,
  listCommissions,
  listPayouts,
  lockAffiliate,
  toAffiliate,
  updateAffiliateRow,
} from "./affiliates.data";
import { readableCode } from "./unique-code";

const CODE_ATTEMPTS = 5;

export async function signUpAffiliate(db: Database, body: AffiliateSignupBody, meta: RequestMeta): Promise<Affiliate> {
  const passwordHash = await hashPassword(body.password);
  for (let attempt = 1; ; attempt++) {
    try {
      // One transaction per attempt: a unique violation aborts the transaction it happens in.
      const row = await inTransaction(db, async (tx) => {
        const inserted = await insertAffiliate(tx, { name: body.name, businessName: body.businessName, email: body.email, passwordHash, uniqueCode: readableCode() });
        await emitEvent(tx, "affiliate.registered", { affiliateId: inserted.id, name: inserted.name, businessName: inserted.businessName });
        await recordAudit(tx, { userEmail: inserted.email, action: "affiliate.signup", message: { code: "affiliate.signed_up", params: { affiliateId: inserted.id, name: inserted.name, code: inserted.uniqueCode } }, meta });
        return inserted;
      });
      return toAffiliate(row);
    } catch (error) {
      if (isUniqueViolation(error, "affiliates_email_lower_idx")) throw conflict("affiliate.email_taken", { field: "email" });
      // A code already taken: draw another (rare at 887 million codes).
      if (isUniqueViolation(error, "affiliates_code_upper_idx") && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Throttled like staff sign-in: per email and address, with a ceiling per email; reserved before the password check. */
export async function signInAffiliate(db: Database, body: AffiliateLoginBody, meta: RequestMeta): Promise<AffiliateLoginResult> {
  const gate = await reserveSignIn(db, "affiliate", body.email, addressKey(meta.ip));
  if (!gate.allowed) {
    await recordAudit(db, { userEmail: body.email, action: "affiliate.login_locked", message: { code: "auth.refused_while_locked", params: {} }, meta });
    throw tooManyRequests("auth.too_many_sign_ins", gate.retryAfterSeconds, { minutes: Math.ceil(gate.retryAfterSeconds / 60) });
  }
  const affiliate = await findAffiliateByEmail(db, body.email);
  const valid = await verifyPassword(affiliate?.passwordHash ?? null, body.password);
  if (!affiliate || !valid) {
    await recordAudit(db, { userEmail: body.email, action: "affiliate.login_failed", message: { code: affiliate ? "auth.wrong_password" : "auth.unknown_email", params: {} }, meta });
    throw unauthorized("auth.wrong_credentials");
  }
  // The right password: not a failure, even when the account turns out to be suspended.
  await signInSucceeded(db, gate);
  if (affiliate.status === "suspended") throw forbidden("affiliate.suspended");
  const { token, expiresAt } = await issueAffiliateToken(db, affiliate.id);
  await recordAudit(db, { userEmail: affiliate.email, action: "affiliate.login", message: { code: "affiliate.signed_in", params: { affiliateId: affiliate.id } }, meta });
  return { token, expiresAt: expiresAt.toISOString(), affiliate: { id: affiliate.id, name: affiliate.name, uniqueCode: affiliate.uniqueCode } };
}

export async function signOutAffiliate(db: Database, affiliate: AffiliatePrincipal | null): Promise<void> {
  if (affiliate) await revokeAffiliateToken(db, affiliate.tokenHash);
}

export const affiliatesPage = listAffiliates;

async function existing(db: Database, id: number) {
  const row = await findAffiliateById(db, id);
  if (!row) throw notFound("affiliate.not_found");
  return row;
}

export async function affiliateDetail(db: Database, id: number): Promise<AffiliateDetail> {
  const row = await existing(db, id);
  const [balance, referrals, commissions, payouts] = await Promise.all([
    affiliateBalance(db, id),
    listReferrals(db, { affiliateId: id }, 100),
    listCommissions(db, id),
    listPayouts(db, id),
  ]);
  return { affiliate: toAffiliate(row), balance, referrals: referrals.referrals, commissions, payouts };
}

export async function updateAffiliate(
  db: Database,
  id: number,
  patch: Parameters<typeof updateAffiliateRow>[2],
  principal: Principal,
  meta: RequestMeta,
): Promise<Affiliate> {
  // A partner's commission amount is money: only those who manage commissions change it (the route itself needs
  // affiliates.manage, which managers hold for names and statuses).
  if (patch.commissionAmount !== undefined && !hasPermission(principal, "commissions.manage")) {
    throw forbidden("auth.permission_required", { field: "commissionAmount", params: { permission: "commissions.manage" } });
  }
  return inTransaction(db, async (tx) => {
    const row = await updateAffiliateRow(tx, id, patch);
    if (!row) throw notFound("affiliate.not_found");
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "affiliate.update", message: { code: "affiliate.updated", params: { affiliateId: id, fields: Object.keys(patch).join(", ") } }, meta });
    return toAffiliate(row);
  });
}

export async function approveAffiliateCommissions(db: Database, id: number, ids: number[] | undefined, principal: Principal, meta: RequestMeta) {
  return inTransaction(db, async (tx) => {
    await existing(tx, id);
    const approved = await approveCommissions(tx, id, ids);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "affiliate.commissions_approve", message: { code: "affiliate.commissions_approved", params: { affiliateId: id, count: approved } }, meta });
    return { approved };
  });
}

/** A payout never exceeds what is approved and unpaid; the row lock makes that hold under concurrent payouts. */
export async function recordPayout(db: Database, id: number, amount: string, notes: string | null, principal: Principal, meta: RequestMeta) {
  return inTransaction(db, async (tx) => {
    if (!(await lockAffiliate(tx, id))) throw notFound("affiliate.not_found");
    const { approved } = await affiliateBalance(tx, id);
    if (toCents(amount) > toCents(approved)) throw badRequest("amount", "payout.above_approved_balance", { amount: approved });
    const payout = await insertPayout(tx, id, amount, notes, actorLabel(principal));
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "affiliate.payout", message: { code: "affiliate.paid", params: { affiliateId: id, amount } }, meta });
    return payout;
  });
}

/** The partner's own figures; staff may read any affiliate's, an affiliate only their own. */
export async function affiliateDashboard(
  db: Database,
  id: number,
  reader: { principal: Principal | null; affiliate: AffiliatePrincipal | null },
  origin: string,
): Promise<AffiliateDashboard> {
  if (!reader.principal && reader.affiliate?.id !== id) {
    throw reader.affiliate ? forbidden("affiliate.own_dashboard_only") : unauthorized();
  }
  const row = await existing(db, id);
  const [balance, conversions, recent, monthly] = await Promise.all([
    affiliateBalance(db, id),
    affiliateConversions(db, id),
    listReferrals(db, { affiliateId: id }, 10),
    affiliateMonthly(db, id),
  ]);
  return {
    affiliate: { id: row.id, name: row.name, businessName: row.businessName, uniqueCode: row.uniqueCode, status: row.status as Affiliate["status"] },
    referrals: row.totalReferrals,
    conversions,
    conversionRate: row.totalReferrals ? conversions / row.totalReferrals : 0,
    earned: balance.earned,
    paid: balance.paid,
    due: balance.approved,
    pending: balance.pending,
    referralLink: `${origin}/r/${row.uniqueCode}`,
    recentReferrals: recent.referrals.map((r) => ({
      id: r.id,
      businessName: r.leadBusinessName,
      leadStatus: r.leadStatus,
      commissionStatus: r.commission?.status ?? null,
      referredAt: r.referredAt,
    })),
    monthly,
  };
}
