import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

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
