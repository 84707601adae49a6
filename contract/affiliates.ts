import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDate, isoDateTime, MAX_ROW_ID, okSchema, rowIdSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { leadStatusSchema } from "./leads";
import { TOTAL_COUNT_HEADER } from "./list-reply";
import { moneyInput, moneyOutput } from "./money";

export const affiliateStatuses = ["active", "pending", "suspended"] as const;
export const affiliateStatusSchema = z.enum(affiliateStatuses, { error: errorMessage("affiliate.invalid_status", { options: affiliateStatuses.join(", ") }) });
export type AffiliateStatus = z.infer<typeof affiliateStatusSchema>;

export const commissionStatuses = ["pending", "approved", "paid", "voided"] as const;
export const commissionStatusSchema = z.enum(commissionStatuses);

/** The spec's commission per converted referral; each affiliate may be given another amount. */
export const DEFAULT_COMMISSION_AMOUNT = "500.00";
export const REFERRAL_COOKIE = "leadwell_ref";
export const REFERRAL_COOKIE_DAYS = 30;
export const AFFILIATE_TOKEN_DAYS = 30;
export const AFFILIATE_MIN_PASSWORD = 6;

const max = (n: number) => errorMessage("field.too_long", { max: n });
const emailRequired = errorMessage("field.email_required");
const email = z.string({ error: emailRequired }).trim().max(150, max(150)).pipe(z.email(emailRequired));
const fullNameRequired = errorMessage("affiliate.full_name_required");
const businessNameRequired = errorMessage("affiliate.business_name_required");

export const affiliateSignupBodySchema = z.object({
  name: z.string({ error: fullNameRequired }).trim().min(1, fullNameRequired).max(100, max(100)),
  businessName: z.string({ error: businessNameRequired }).trim().min(1, businessNameRequired).max(150, max(150)),
  email,
  password: z
    .string({ error: errorMessage("auth.password_too_short", { min: AFFILIATE_MIN_PASSWORD }) })
    .min(AFFILIATE_MIN_PASSWORD, errorMessage("auth.password_too_short", { min: AFFILIATE_MIN_PASSWORD }))
    .max(200, max(200)),
});
export type AffiliateSignupBody = z.infer<typeof affiliateSignupBodySchema>;

export const affiliateLoginBodySchema = z.object({
  email,
  password: z.string({ error: errorMessage("auth.password_required") }).min(1, errorMessage("auth.password_required")).max(200, max(200)),
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
    name: z.string().trim().min(1, fullNameRequired).max(100, max(100)).optional(),
    businessName: z.string().trim().min(1, businessNameRequired).max(150, max(150)).optional(),
    status: affiliateStatusSchema.optional(),
    commissionAmount: moneyInput(errorMessage("affiliate.commission_required"))
      .refine((v) => Number(v) <= 99_999_999.99, errorMessage("money.too_large"))
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: errorMessage("request.empty_update") });

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
  amount: moneyInput(errorMessage("payout.amount_required"))
    .refine((v) => Number(v) > 0, errorMessage("payout.amount_not_positive"))
    .refine((v) => Number(v) <= 99_999_999.99, errorMessage("money.too_large")),
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
  affiliateId: z.coerce.number().int().positive().max(MAX_ROW_ID, errorMessage("field.invalid_id")).optional(),
  leadId: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_ROW_ID, errorMessage("field.invalid_id"))
    .optional()
    .describe("Only the referral of this lead (a lead is referred at most once): what its page shows"),
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

// Endpoints

const affiliateTags = ["Affiliates"];

export const affiliateEndpoints = defineEndpoints("affiliates", {
  signup: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/affiliates/signup",
    body: affiliateSignupBodySchema,
    reply: affiliateSignupResultSchema,
    status: 201,
    errors: [400, 409, 429],
    tags: affiliateTags,
    summary: "Register as an affiliate; the answer carries the referral code (never the password hash)",
    description: "Each sign-up notifies every administrator.",
  }),
  login: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/affiliates/login",
    body: affiliateLoginBodySchema,
    reply: affiliateLoginResultSchema,
    errors: [400, 401, 403, 429],
    tags: affiliateTags,
    summary: "Affiliate sign-in: a 30-day token for the partner portal",
    description:
      "Throttled like staff sign-in: 8 failed sign-ins for one email from one client address within 15 minutes lock that " +
      "email for that address for 15 minutes, and 50 from all addresses together lock it everywhere (429 with Retry-After; " +
      "a locked attempt is refused without checking the password).",
  }),
  logout: defineEndpoint({
    method: "POST",
    permission: "signedIn",
    path: "/affiliates/logout",
    reply: okSchema,
    tags: affiliateTags,
    summary: "Revoke the affiliate token sent with this request",
  }),
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/affiliates",
    query: affiliateListQuerySchema,
    reply: z.array(affiliateSchema),
    paged: true,
    tags: affiliateTags,
    summary: "Affiliates (staff)",
    description: `The ${TOTAL_COUNT_HEADER} header holds the total matching the status filter.`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/affiliates/export.csv",
    query: affiliateExportQuerySchema,
    download: "csv",
    errors: [400],
    tags: affiliateTags,
    summary: "Every affiliate with this status (or all), newest first",
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/affiliates/:id",
    params: idParamsSchema,
    reply: affiliateDetailSchema,
    errors: [404],
    tags: affiliateTags,
    summary: "One affiliate with balance, referrals, commissions and payouts (staff)",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "affiliates.manage",
    path: "/affiliates/:id",
    params: idParamsSchema,
    body: affiliateUpdateSchema,
    reply: affiliateSchema,
    errors: [400, 404],
    tags: affiliateTags,
    summary: "Change an affiliate's name, business, status or commission amount (staff)",
  }),
  approveCommissions: defineEndpoint({
    method: "POST",
    permission: "commissions.manage",
    path: "/affiliates/:id/commissions/approve",
    params: idParamsSchema,
    body: z.object({ commissionIds: z.array(rowIdSchema).max(1000).optional() }),
    reply: z.object({ approved: z.number().int() }),
    errors: [404],
    tags: affiliateTags,
    summary: "Approve pending commissions: the listed ones, or all (staff)",
  }),
  recordPayout: defineEndpoint({
    method: "POST",
    permission: "commissions.manage",
    path: "/affiliates/:id/payouts",
    params: idParamsSchema,
    body: payoutBodySchema,
    reply: payoutSchema,
    status: 201,
    errors: [400, 404],
    tags: affiliateTags,
    summary: "Record a payout (staff): greater than zero and at most the approved, unpaid balance",
    description: "Marks the approved commissions it covers paid (oldest first) and appends to payoutHistory.",
  }),
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/affiliates/:id/dashboard",
    params: idParamsSchema,
    reply: affiliateDashboardSchema,
    errors: [401, 403, 404],
    tags: affiliateTags,
    summary: "An affiliate's dashboard: readable by that affiliate's token or by staff, never by another affiliate",
  }),
});

const referralTags = ["Referrals"];

/** Referral tracking (server/src/modules/referrals): its schemas live in this file with the affiliates'. */
export const referralEndpoints = defineEndpoints("referrals", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/referrals",
    query: referralQuerySchema,
    reply: z.array(referralSchema),
    paged: true,
    tags: referralTags,
    summary: "Recent referrals, newest first, with the lead's status and the commission it earned",
    description: `The ${TOTAL_COUNT_HEADER} header holds the total matching.`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/referrals/export.csv",
    query: referralExportQuerySchema,
    download: "csv",
    errors: [400],
    tags: referralTags,
    summary: "Every referral matching the Referral Tracking filters, newest first",
  }),
  stats: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/referrals/stats",
    query: referralQuerySchema.omit({ limit: true }),
    reply: referralStatsSchema,
    tags: referralTags,
    summary: "Total referrals, converted referrals, commission paid out and the conversion rate",
  }),
});
