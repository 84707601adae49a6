import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { leads } from "./leads";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const affiliates = pgTable(
  "affiliates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 100 }).notNull(),
    businessName: varchar("business_name", { length: 150 }).notNull(),
    email: varchar("email", { length: 150 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    uniqueCode: varchar("unique_code", { length: 50 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    commissionAmount: numeric("commission_amount", { precision: 10, scale: 2 }).notNull().default("500.00"),
    /** Kept by a trigger on affiliate_referrals. */
    totalReferrals: integer("total_referrals").notNull().default(0),
    /** Kept by a trigger on affiliate_commissions: every commission not voided. */
    commissionEarned: numeric("commission_earned", { precision: 12, scale: 2 }).notNull().default("0"),
    payoutHistory: jsonb("payout_history").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("affiliates_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("affiliates_code_upper_idx").on(sql`upper(${t.uniqueCode})`),
    index("affiliates_earned_idx").on(t.commissionEarned),
    // Newest first, as the list and the streamed export page through affiliates.
    index("affiliates_created_idx").on(t.createdAt, t.id),
    index("affiliates_search_trgm_idx").using("gin", sql`lw_fold(${t.name} || ' ' || ${t.email} || ' ' || ${t.uniqueCode}) gin_trgm_ops`),
    check("affiliates_status_check", sql`${t.status} IN ('active', 'pending', 'suspended')`),
  ],
);

/** Partner-portal sign-ins: random tokens stored as SHA-256, 30 days. */
export const affiliateTokens = pgTable(
  "affiliate_tokens",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("affiliate_tokens_affiliate_idx").on(t.affiliateId)],
);

export const referralClicks = pgTable(
  "referral_clicks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    clickedAt: at("clicked_at").notNull().defaultNow(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: text("user_agent"),
  },
  (t) => [index("referral_clicks_affiliate_idx").on(t.affiliateId, t.clickedAt)],
);

export const affiliateReferrals = pgTable(
  "affiliate_referrals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => affiliates.id),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    referredAt: at("referred_at").notNull().defaultNow(),
    source: varchar("source", { length: 10 }).notNull().default("code"),
  },
  (t) => [
    uniqueIndex("affiliate_referrals_lead_idx").on(t.leadId),
    index("affiliate_referrals_affiliate_idx").on(t.affiliateId, t.referredAt),
    index("affiliate_referrals_referred_idx").on(t.referredAt),
  ],
);

export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => affiliates.id),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    paidAt: at("paid_at").notNull().defaultNow(),
    notes: text("notes"),
    createdBy: varchar("created_by", { length: 150 }),
  },
  (t) => [index("affiliate_payouts_affiliate_idx").on(t.affiliateId, t.paidAt), check("affiliate_payouts_amount_check", sql`${t.amount} > 0`)],
);

/** One commission per referral: pending → approved → paid, or voided when the lead leaves converted before payment. */
export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => affiliates.id),
    referralId: integer("referral_id")
      .notNull()
      .references(() => affiliateReferrals.id, { onDelete: "cascade" }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    createdAt: at("created_at").notNull().defaultNow(),
    approvedAt: at("approved_at"),
    paidAt: at("paid_at"),
    voidedAt: at("voided_at"),
    payoutId: integer("payout_id").references(() => affiliatePayouts.id),
  },
  (t) => [
    uniqueIndex("affiliate_commissions_referral_idx").on(t.referralId),
    index("affiliate_commissions_affiliate_idx").on(t.affiliateId, t.status),
    index("affiliate_commissions_lead_idx").on(t.leadId),
    check("affiliate_commissions_status_check", sql`${t.status} IN ('pending', 'approved', 'paid', 'voided')`),
  ],
);
