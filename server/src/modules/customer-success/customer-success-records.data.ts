import { sql } from "drizzle-orm";
import { RENEWALS_SHOWN, type businessReviewFamily, type RenewalAnalytics, type renewalOfferFamily } from "@contract/customer-success";
import type { FamilyAnalytics } from "@contract/records/schemas";
import { countsBySql, percentSql, todaySql } from "../../db/analytics-sql";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { businessReviews, renewalUpsellOffers } from "../../db/schema";

/*
 * The Customer Success record families' analytics (renewal/upsell offers, business reviews), which the generic record
 * engine answers with their lists (server/src/record-family-analytics.ts hands them over), and GET
 * /api/renewal-upsell/analytics; every figure an SQL aggregate (formulas in contract/customer-success.ts).
 */

const offerTotalsSql = sql`count(*)::int AS total_offers,
  count(*) FILTER (WHERE status = 'pending')::int AS pending_offers,
  coalesce(sum(revenue) FILTER (WHERE status = 'pending'), 0)::float8 AS pending_revenue,
  coalesce(sum(revenue) FILTER (WHERE status = 'accepted'), 0)::float8 AS revenue_generated,
  ${percentSql(sql`count(*) FILTER (WHERE status = 'accepted')`, sql`count(*) FILTER (WHERE status IN ('accepted', 'declined'))`)} AS acceptance_rate`;

export type RenewalOfferAnalytics = FamilyAnalytics<typeof renewalOfferFamily>;

export const renewalOfferAnalytics = (db: Database) =>
  rawRow<RenewalOfferAnalytics>(
    db,
    sql`SELECT ${offerTotalsSql}, ${countsBySql(renewalUpsellOffers, "status")} AS by_status, ${countsBySql(renewalUpsellOffers, "type")} AS by_type
        FROM ${renewalUpsellOffers}`,
  );

export async function renewalAnalytics(db: Database): Promise<RenewalAnalytics> {
  const totals = await rawRow<Omit<RenewalAnalytics, "upcoming_renewals">>(db, sql`SELECT ${offerTotalsSql} FROM ${renewalUpsellOffers}`);
  const upcoming = await rawRows<RenewalAnalytics["upcoming_renewals"][number]>(
    db,
    sql`SELECT id, user_email, type, status, expiry_date::text AS expiry_date, revenue::float8 AS revenue
        FROM ${renewalUpsellOffers}
        WHERE status = 'pending'
        ORDER BY expiry_date ASC NULLS LAST, id ASC
        LIMIT ${RENEWALS_SHOWN}`,
  );
  return { ...totals, upcoming_renewals: upcoming };
}

export type BusinessReviewAnalytics = FamilyAnalytics<typeof businessReviewFamily>;

export const businessReviewAnalytics = (db: Database) =>
  rawRow<BusinessReviewAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_reviews,
          ${countsBySql(businessReviews, "review_type")} AS by_type,
          count(*) FILTER (WHERE review_date BETWEEN ${todaySql} - 90 AND ${todaySql})::int AS reviews_last_90_days,
          coalesce(sum(jsonb_array_length(coalesce(action_items, '[]'::jsonb))), 0)::int AS action_items
        FROM ${businessReviews}`,
  );

/** The two families' analytics by family key, for the generic record engine (composed in server/src/record-family-analytics.ts). */
export const customerSuccessFamilyAnalytics = {
  renewalOffer: renewalOfferAnalytics,
  businessReview: businessReviewAnalytics,
};
