import { sql } from "drizzle-orm";
import { RENEWALS_SHOWN, type RenewalAnalytics } from "@contract/records/customer-success";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { businessReviews, renewalUpsellOffers } from "../../db/schema";
import { countsBySql, todaySql } from "./analytics-sql";

/*
 * The Customer Success families' analytics (renewal/upsell offers, business reviews) and GET
 * /api/renewal-upsell/analytics, every figure an SQL aggregate (formulas in contract/records/customer-success.ts).
 */


const offerTotalsSql = sql`count(*)::int AS total_offers,
  count(*) FILTER (WHERE status = 'pending')::int AS pending_offers,
  coalesce(sum(revenue) FILTER (WHERE status = 'pending'), 0)::float8 AS pending_revenue,
  coalesce(sum(revenue) FILTER (WHERE status = 'accepted'), 0)::float8 AS revenue_generated,
  coalesce(round(100.0 * count(*) FILTER (WHERE status = 'accepted') / nullif(count(*) FILTER (WHERE status IN ('accepted', 'declined')), 0)), 0)::float8 AS acceptance_rate`;

export interface RenewalOfferAnalytics {
  total_offers: number;
  by_status: Record<string, number>;
  by_type: Record<string, number>;
  pending_offers: number;
  pending_revenue: number;
  revenue_generated: number;
  acceptance_rate: number;
}

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

export interface BusinessReviewAnalytics {
  total_reviews: number;
  by_type: Record<string, number>;
  reviews_last_90_days: number;
  action_items: number;
}

export const businessReviewAnalytics = (db: Database) =>
  rawRow<BusinessReviewAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_reviews,
          ${countsBySql(businessReviews, "review_type")} AS by_type,
          count(*) FILTER (WHERE review_date BETWEEN ${todaySql} - 90 AND ${todaySql})::int AS reviews_last_90_days,
          coalesce(sum(jsonb_array_length(coalesce(action_items, '[]'::jsonb))), 0)::int AS action_items
        FROM ${businessReviews}`,
  );
