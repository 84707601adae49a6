import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar, boolean } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One configured third-party integration (slack, stripe, google_workspace); no row means "available". Zapier needs no
 * row: it connects through webhook endpoints and API keys.
 */
export const integrations = pgTable(
  "integrations",
  {
    kind: varchar("kind", { length: 40 }).primaryKey(),
    /** Settings safe to show (contract/integrations.ts): Slack's events and channel label, Stripe's publishable key, Google's domain and client id. */
    settings: jsonb("settings").notNull().default({}),
    /** The secret (Slack webhook URL, Stripe key, Google client secret), AES-GCM encrypted (kernel/outbound/secrets.ts). */
    secretEncrypted: text("secret_encrypted"),
    /** The secret's last 4 characters, so staff can tell which one is saved without seeing it. */
    secretHint: varchar("secret_hint", { length: 8 }),
    enabled: boolean("enabled").notNull().default(true),
    configuredBy: integer("configured_by").references(() => users.id, { onDelete: "set null" }),
    configuredAt: at("configured_at").notNull().defaultNow(),
    /** The last successful use (a post, a connection check); connected when later than any error. */
    lastUsedAt: at("last_used_at"),
    lastError: text("last_error"),
    lastErrorAt: at("last_error_at"),
  },
  (t) => [check("integrations_kind_check", sql`${t.kind} IN ('slack', 'stripe', 'google_workspace')`)],
);

/** One answer to an NPS survey (spec: integrations-enterprise-monitoring §3); Community reads them, Customer Success takes them. */
export const npsResponses = pgTable(
  "nps_responses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userEmail: varchar("user_email", { length: 150 }).notNull(),
    score: smallint("score").notNull(),
    feedback: text("feedback"),
    campaignId: varchar("campaign_id", { length: 100 }),
    surveyType: varchar("survey_type", { length: 50 }).notNull().default("milestone"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("nps_responses_created_idx").on(t.createdAt, t.id), check("nps_responses_score_check", sql`${t.score} BETWEEN 0 AND 10`)],
);
