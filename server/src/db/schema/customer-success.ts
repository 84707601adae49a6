import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One account's onboarding (spec integrations-enterprise-monitoring §3 onboarding_progress): step 1 of 5 when new.
 * currentStep and isCompleted are derived from completedSteps when it is written (customer-success.service.ts).
 */
export const onboardingProgress = pgTable(
  "onboarding_progress",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-case (the route lowers it), so one account has one row. */
    userEmail: varchar("user_email", { length: 150 }).notNull(),
    currentStep: smallint("current_step").notNull().default(1),
    totalSteps: smallint("total_steps").notNull().default(5),
    completedSteps: jsonb("completed_steps").$type<number[]>().notNull().default([]),
    isCompleted: boolean("is_completed").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("onboarding_progress_email_idx").on(t.userEmail),
    check("onboarding_progress_steps_check", sql`${t.currentStep} BETWEEN 1 AND ${t.totalSteps}`),
  ],
);

/**
 * A survey link sent to a lead (issue 14 point 1): one-time, only the token's SHA-256 is kept, answered once before
 * expires_at (14 days); the answer is stored in nps_responses under the invitation's email.
 */
export const npsInvitations = pgTable(
  "nps_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 150 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    campaignId: varchar("campaign_id", { length: 100 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("nps_invitations_lead_idx").on(t.leadId)],
);
