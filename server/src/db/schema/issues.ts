import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { leads } from "./leads";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const technicalIssues = pgTable(
  "technical_issues",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    email: varchar("email", { length: 150 }).notNull(),
    description: text("description").notNull(),
    screenshotUrl: text("screenshot_url"),
    status: varchar("status", { length: 20 }).notNull().default("open"),
    aiRepairLog: jsonb("ai_repair_log").$type<Record<string, unknown>>(),
    repairFailure: jsonb("repair_failure").$type<Record<string, unknown>>(),
    approvalRequested: boolean("approval_requested").notNull().default(false),
    approvalTimestamp: timestamp("approval_timestamp", { withTimezone: true, precision: 3 }),
    manualNotes: text("manual_notes"),
    reviewedBy: varchar("reviewed_by", { length: 150 }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Accent- and case-folded description for substring search (lw_fold is defined in migration 0002). */
    searchText: text("search_text").generatedAlwaysAs(sql`lw_fold(description)`),
    /** Description plus the approved fix, for ranking earlier fixes as context for new issues. */
    contextVector: tsvector("context_vector").generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, description || ' ' || coalesce(ai_repair_log ->> 'summary', '') || ' ' || coalesce(manual_notes, ''))`,
    ),
  },
  (t) => [
    index("technical_issues_created_idx").on(t.createdAt, t.id),
    index("technical_issues_status_created_idx").on(t.status, t.createdAt, t.id),
    index("technical_issues_lead_idx").on(t.leadId),
    index("technical_issues_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("technical_issues_context_idx").using("gin", t.contextVector).where(sql`status = 'approved'`),
    check("technical_issues_status_check", sql`${t.status} IN ('open', 'awaiting_review', 'approved', 'rejected', 'failed')`),
  ],
);
