import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

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
