import { z } from "zod";
import { defineFamily } from "./family";

/**
 * The Customer Success page's plain record families (spec integrations-enterprise-monitoring §2, §3, §7; issue 14
 * point 5): renewal/upsell offers and business reviews. Their analytics' SQL is in
 * server/src/modules/customer-success/customer-success-records.data.ts. NPS, engagement, onboarding and retention
 * are not plain families: contract/customer-success.ts.
 */

export const CUSTOMER_SUCCESS_TAG = "Customer Success";

export const renewalOfferTypes = ["renewal", "upsell", "cross_sell"] as const;
export const renewalOfferStatuses = ["pending", "accepted", "declined", "expired"] as const;
export const businessReviewTypes = ["monthly", "quarterly", "annual", "executive"] as const;

/** The spec shows up to 3 renewals. */
export const RENEWALS_SHOWN = 3;

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);

export const renewalOfferFamily = defineFamily({
  key: "renewalOffer",
  table: "renewal_upsell_offers",
  path: "/renewal-upsell",
  listKey: "offers",
  tag: CUSTOMER_SUCCESS_TAG,
  noun: "renewal or upsell offer",
  titleField: "userEmail",
  fields: {
    userEmail: { kind: "text", required: true, max: 150 },
    type: { kind: "enum", required: true, values: renewalOfferTypes, filter: true },
    status: { kind: "enum", values: renewalOfferStatuses, default: "pending", filter: true },
    offerDetails: { kind: "longText" },
    expiryDate: { kind: "date" },
    responseDate: { kind: "date" },
    revenue: { kind: "money" },
  },
  order: [
    { field: "expiryDate", direction: "asc" },
    { field: "userEmail", direction: "asc" },
  ],
  analytics: z.object({
    total_offers: z.number().int(),
    by_status: countsBy("status"),
    by_type: countsBy("type"),
    pending_offers: z.number().int(),
    pending_revenue: z.number().describe("Sum of the revenue of pending offers"),
    revenue_generated: z.number().describe("Sum of the revenue of accepted offers"),
    acceptance_rate: z.number().describe("Accepted offers as a % of offers answered (accepted or declined), rounded; 0 when none answered"),
  }),
});

export const businessReviewFamily = defineFamily({
  key: "businessReview",
  table: "business_reviews",
  path: "/business-reviews",
  listKey: "reviews",
  tag: CUSTOMER_SUCCESS_TAG,
  noun: "business review",
  titleField: "accountName",
  fields: {
    accountName: { kind: "text", required: true },
    reviewType: { kind: "enum", required: true, values: businessReviewTypes, filter: true },
    reviewDate: { kind: "date", required: true },
    keyMetrics: { kind: "longText" },
    winsAndChallenges: { kind: "longText" },
    actionItems: { kind: "list" },
    roadmapUpdates: { kind: "longText" },
    attendees: { kind: "list" },
  },
  order: [
    { field: "reviewDate", direction: "desc" },
    { field: "accountName", direction: "asc" },
  ],
  analytics: z.object({
    total_reviews: z.number().int(),
    by_type: countsBy("review type"),
    reviews_last_90_days: z.number().int().describe("Reviews dated within the last 90 days (UTC), today included"),
    action_items: z.number().int().describe("Action items listed over every review"),
  }),
});

export const customerSuccessFamilies = [renewalOfferFamily, businessReviewFamily] as const;

// GET /api/renewal-upsell/analytics (5 min)

export const renewalAnalyticsSchema = z.object({
  total_offers: z.number().int(),
  pending_offers: z.number().int(),
  pending_revenue: z.number(),
  revenue_generated: z.number().describe("Sum of the revenue of accepted offers"),
  acceptance_rate: z.number().describe("Accepted as a % of accepted or declined offers, rounded; 0 when none answered"),
  upcoming_renewals: z
    .array(
      z.object({
        id: z.number().int(),
        user_email: z.string(),
        type: z.enum(renewalOfferTypes),
        status: z.enum(renewalOfferStatuses),
        expiry_date: z.string().nullable(),
        revenue: z.number().nullable(),
      }),
    )
    .describe("At most 3 pending offers, the soonest expiry first (no expiry last)"),
});
export type RenewalAnalytics = z.infer<typeof renewalAnalyticsSchema>;
