import { sql } from "drizzle-orm";
import { check, integer, jsonb, numeric, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A brand (spec §3 brands). New leads created under a brand carry its name as a tag, so the name is unique in any
 * letter case and "default" (no brand chosen) is never stored. The domain is stored normalised (lower-case host,
 * contract/white-label.ts), so the unique index compares like with like.
 */
export const brands = pgTable(
  "brands",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 50 }).notNull(),
    domain: varchar("domain", { length: 253 }).notNull(),
    logoUrl: varchar("logo_url", { length: 500 }),
    /** { primary, primaryText, accent } as #rrggbb; text on primary reaches 4.5:1 (checked by the contract). */
    colorScheme: jsonb("color_scheme").$type<{ primary: string; primaryText: string; accent: string }>().notNull(),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    uniqueIndex("brands_name_lower_idx").on(sql`lower(${t.name})`),
    uniqueIndex("brands_domain_idx").on(t.domain),
    check("brands_name_not_default", sql`lower(${t.name}) <> 'default'`),
    check("brands_domain_lower", sql`${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * Year-to-date revenue (KPI data) per lead industry ('' for none), kept by triggers on kpi_metrics and leads (hand-
 * written at the end of migration 0018), so the verticals never join a million leads: that join took about 2 s.
 */
export const industryKpiTotals = pgTable("industry_kpi_totals", {
  industry: varchar("industry", { length: 50 }).primaryKey(),
  ytdSum: numeric("ytd_sum", { precision: 18, scale: 2 }).notNull().default("0"),
  leadsWithKpi: integer("leads_with_kpi").notNull().default(0),
});
