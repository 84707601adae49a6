import { z } from "zod";
import { isoDate, isoDateTime, MAX_ROW_ID } from "./common";
import { leadStatusSchema } from "./leads";
import { moneyInput, moneyOutput } from "./money";

export const affiliateStatuses = ["active", "pending", "suspended"] as const;
export const affiliateStatusSchema = z.enum(affiliateStatuses, { error: `Status must be one of: ${affiliateStatuses.join(", ")}` });
export type AffiliateStatus = z.infer<typeof affiliateStatusSchema>;

export const commissionStatuses = ["pending", "approved", "paid", "voided"] as const;
export const commissionStatusSchema = z.enum(commissionStatuses);

/** The spec's commission per converted referral; each affiliate may be given another amount. */
export const DEFAULT_COMMISSION_AMOUNT = "500.00";
export const REFERRAL_COOKIE = "leadwell_ref";
export const REFERRAL_COOKIE_DAYS = 30;
export const AFFILIATE_TOKEN_DAYS = 30;
export const AFFILIATE_MIN_PASSWORD = 6;

const max = (n: number) => `Maximum ${n} characters allowed`;
const email = z.string({ error: "Valid email is required" }).trim().max(150, max(150)).pipe(z.email("Valid email is required"));

export const affiliateSignupBodySchema = z.object({
  name: z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(100, max(100)),
  businessName: z.string({ error: "Business name is required" }).trim().min(1, "Business name is required").max(150, max(150)),
  email,
  password: z
    .string({ error: `Password must be at least ${AFFILIATE_MIN_PASSWORD} characters` })
    .min(AFFILIATE_MIN_PASSWORD, `Password must be at least ${AFFILIATE_MIN_PASSWORD} characters`)
    .max(200, max(200)),
});
export type AffiliateSignupBody = z.infer<typeof affiliateSignupBodySchema>;

export const affiliateLoginBodySchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, max(200)),
});
export type AffiliateLoginBody = z.infer<typeof affiliateLoginBodySchema>;

export const payoutEntrySchema = z.object({ payoutId: z.number().int(), amount: moneyOutput, paidAt: isoDateTime, notes: z.string().nullable() });

export const affiliateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  businessName: z.string(),
  email: z.string(),
  uniqueCode: z.string(),
  status: affiliateStatusSchema,
  commissionAmount: moneyOutput.describe("Earned for each converted referral"),
  totalReferrals: z.number().int(),
  commissionEarned: moneyOutput.describe("Sum of every commission that was not voided"),
  payoutHistory: z.array(payoutEntrySchema),
  createdAt: isoDateTime,
});
export type Affiliate = z.infer<typeof affiliateSchema>;

export const affiliateSignupResultSchema = affiliateSchema.omit({ payoutHistory: true, commissionAmount: true });

export const affiliateLoginResultSchema = z.object({
  token: z.string().describe("Send as `Authorization: Bearer <token>` to read this affiliate's dashboard; valid 30 days"),
  expiresAt: isoDateTime,
  affiliate: z.object({ id: z.number().int(), name: z.string(), uniqueCode: z.string() }),
});
export type AffiliateLoginResult = z.infer<typeof affiliateLoginResultSchema>;

export const affiliateUpdateSchema = z
  .object({
    name: z.string().trim().min(1, "Full name is required").max(100, max(100)).optional(),
    businessName: z.string().trim().min(1, "Business name is required").max(150, max(150)).optional(),
    status: affiliateStatusSchema.optional(),
    commissionAmount: moneyInput("Commission amount is required")
      .refine((v) => Number(v) <= 99_999_999.99, "At most 99,999,999.99")
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one field to change" });

export const affiliateSorts = ["-createdAt", "-commissionEarned", "name"] as const;
export const affiliateListQuerySchema = z.object({
  status: affiliateStatusSchema.optional(),
  sort: z.enum(affiliateSorts).default("-createdAt"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const commissionSchema = z.object({
  id: z.number().int(),
  referralId: z.number().int(),
  leadId: z.number().int(),
  leadBusinessName: z.string(),
  amount: moneyOutput,
  status: commissionStatusSchema,
  createdAt: isoDateTime,
  approvedAt: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  voidedAt: isoDateTime.nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;

export const referralSchema = z.object({
  id: z.number().int(),
  affiliateId: z.number().int(),
  affiliateName: z.string(),
  affiliateCode: z.string(),
  leadId: z.number().int(),
  leadName: z.string().describe("Owner first and last name"),
  leadBusinessName: z.string(),
  leadEmail: z.string(),
  leadStatus: leadStatusSchema,
  commission: z.object({ id: z.number().int(), amount: moneyOutput, status: commissionStatusSchema }).nullable(),
  referredAt: isoDateTime,
  source: z.enum(["code", "link"]).describe("code: an affiliateCode sent with the lead; link: the referral link's cookie"),
});
export type Referral = z.infer<typeof referralSchema>;

export const payoutBodySchema = z.object({
  amount: moneyInput("Amount is required")
    .refine((v) => Number(v) > 0, "Amount must be greater than zero")
    .refine((v) => Number(v) <= 99_999_999.99, "At most 99,999,999.99"),
  notes: z.string().trim().max(500, max(500)).nullish().transform((v) => v || null),
});

export const payoutSchema = z.object({ id: z.number().int(), affiliateId: z.number().int(), amount: moneyOutput, paidAt: isoDateTime, notes: z.string().nullable() });

export const affiliateDetailSchema = z.object({
  affiliate: affiliateSchema,
  balance: z.object({ earned: moneyOutput, approved: moneyOutput.describe("Approved and not yet paid"), pending: moneyOutput, paid: moneyOutput }),
  referrals: z.array(referralSchema),
  commissions: z.array(commissionSchema),
  payouts: z.array(payoutSchema),
});
export type AffiliateDetail = z.infer<typeof affiliateDetailSchema>;

export const affiliateDashboardSchema = z.object({
  affiliate: z.object({ id: z.number().int(), name: z.string(), businessName: z.string(), uniqueCode: z.string(), status: affiliateStatusSchema }),
  referrals: z.number().int(),
  conversions: z.number().int(),
  conversionRate: z.number().describe("conversions ÷ referrals, 0 when there are none"),
  earned: moneyOutput,
  paid: moneyOutput,
  due: moneyOutput.describe("Approved commissions not yet paid"),
  pending: moneyOutput.describe("Commissions awaiting approval"),
  referralLink: z.string(),
  recentReferrals: z.array(
    z.object({ id: z.number().int(), businessName: z.string(), leadStatus: leadStatusSchema, commissionStatus: commissionStatusSchema.nullable(), referredAt: isoDateTime }),
  ),
  monthly: z
    .array(z.object({ month: z.string().describe("YYYY-MM"), referrals: z.number().int(), conversions: z.number().int() }))
    .describe("The last 12 months, oldest first"),
});
export type AffiliateDashboard = z.infer<typeof affiliateDashboardSchema>;

export const referralQuerySchema = z.object({
  affiliateId: z.coerce.number().int().positive().max(MAX_ROW_ID, "affiliateId is not a valid id").optional(),
  since: isoDate("since")
    .optional()
    .describe("Only referrals made on or after this UTC day"),
  limit: z.coerce.number().int().min(1).max(100).default(5),
});

/**
 * The Referral Tracking screen's filters (affiliate, since), for its CSV export of every matching referral. Checked in
 * full before the first byte is sent; an unknown parameter is refused rather than silently exporting more rows.
 */
export const referralExportQuerySchema = referralQuerySchema.omit({ limit: true }).strict();
export type ReferralExportQuery = z.infer<typeof referralExportQuerySchema>;

/** The affiliates table's status filter, for its CSV export of every matching affiliate (newest first). */
export const affiliateExportQuerySchema = z.object({ status: affiliateStatusSchema.optional() }).strict();
export type AffiliateExportQuery = z.infer<typeof affiliateExportQuerySchema>;

export const referralStatsSchema = z.object({
  totalReferrals: z.number().int(),
  converted: z.number().int().describe("Referrals whose lead is converted"),
  commissionPaid: moneyOutput,
  conversionRate: z.number().describe("converted ÷ totalReferrals, 0 when there are none"),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;
