import { sql } from "drizzle-orm";
import { boolean, bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

// Millisecond precision, so a timestamp survives the trip through a JavaScript Date inside a page cursor.
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const leads = pgTable(
  "leads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    businessOwnerName: varchar("business_owner_name", { length: 100 }).notNull(),
    businessOwnerLastName: varchar("business_owner_last_name", { length: 100 }).notNull(),
    businessName: varchar("business_name", { length: 150 }).notNull(),
    email: varchar("email", { length: 150 }).notNull(),
    phoneNumber: varchar("phone_number", { length: 30 }),
    yearsInBusiness: varchar("years_in_business", { length: 30 }),
    employeeCount: varchar("employee_count", { length: 30 }),
    industry: varchar("industry", { length: 50 }),
    industryOther: varchar("industry_other", { length: 100 }),
    currentCrmUsage: boolean("current_crm_usage"),
    currentCrmPlatform: varchar("current_crm_platform", { length: 100 }),
    currentSoftwareChallenges: text("current_software_challenges").array().notNull().default(sql`'{}'::text[]`),
    currentSoftwareChallengesOther: text("current_software_challenges_other"),
    crmChallenges: text("crm_challenges").array().notNull().default(sql`'{}'::text[]`),
    crmChallengesOther: text("crm_challenges_other"),
    desiredFeatures: text("desired_features").array().notNull().default(sql`'{}'::text[]`),
    desiredFeaturesOther: text("desired_features_other"),
    metricsTrackingMethod: varchar("metrics_tracking_method", { length: 50 }),
    preferredInsightMethod: varchar("preferred_insight_method", { length: 50 }),
    preferredInsightMethodOther: varchar("preferred_insight_method_other", { length: 100 }),
    crmSetupResponsible: varchar("crm_setup_responsible", { length: 50 }),
    quizVersion: varchar("quiz_version", { length: 20 }),
    quizSource: varchar("quiz_source", { length: 50 }),
    affiliateCode: varchar("affiliate_code", { length: 50 }),
    quizHistory: jsonb("quiz_history").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    aiAnalysis: jsonb("ai_analysis").$type<Record<string, unknown>>(),
    leadSource: varchar("lead_source", { length: 50 }),
    status: varchar("status", { length: 20 }).notNull().default("new"),
    priority: varchar("priority", { length: 20 }).notNull().default("medium"),
    /** The name the screens show; kept with assigneeId by a trigger (migration 0047): text that matched nobody stays here alone. */
    assignedTo: varchar("assigned_to", { length: 100 }),
    /** The member of staff the lead is assigned to; an agent limited to their own leads sees these and unassigned ones. */
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>(),
    pipelineStage: varchar("pipeline_stage", { length: 50 }),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
    /** Accent- and case-folded text the search matches against (lw_fold is defined in the migration). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lw_fold(coalesce(business_name, '') || ' ' || coalesce(business_owner_name, '') || ' ' || coalesce(business_owner_last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex("leads_email_lower_idx").on(sql`lower(${t.email})`),
    // search_text rides along (after the unique pair, so the order is the same) for a search in creation order:
    // the index alone tells which leads it passes over match, without reading them from the table.
    // assignee_id too (migration 0050): a restricted agent's page and search decide their scope from the index alone.
    index("leads_created_search_idx").on(t.createdAt, t.id, t.searchText, t.assigneeId),
    index("leads_updated_idx").on(t.updatedAt, t.id),
    index("leads_assignee_idx").on(t.assigneeId, t.id),
    // A restricted agent's creation order: their leads and the unassigned ones, walked apart and merged (0052).
    index("leads_assignee_created_search_idx").on(t.assigneeId, t.createdAt, t.id, t.searchText),
    index("leads_unassigned_created_search_idx").on(t.createdAt, t.id, t.searchText).where(sql`${t.assigneeId} IS NULL`),
    index("leads_name_fold_idx").on(sql`lw_fold(${t.businessName}) COLLATE "C"`, t.id),
    index("leads_status_created_idx").on(t.status, t.createdAt, t.id),
    index("leads_priority_created_idx").on(t.priority, t.createdAt, t.id),
    index("leads_industry_created_idx").on(t.industry, t.createdAt, t.id),
    index("leads_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The sample a search's count is estimated from (SEARCH_SAMPLE_MODULUS in db/queries/lead-search.ts; the same literal).
    index("leads_search_sample64_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`).where(sql`${t.id} % 64 = 0`),
    check("leads_status_check", sql`${t.status} IN ('new', 'contacted', 'qualified', 'converted', 'lost')`),
    check("leads_priority_check", sql`${t.priority} IN ('low', 'medium', 'high')`),
  ],
);

export const kpiMetrics = pgTable(
  "kpi_metrics",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    ytdRevenue: numeric("ytd_revenue", { precision: 14, scale: 2 }).notNull().default("0"),
    mrr: numeric("mrr", { precision: 14, scale: 2 }).notNull().default("0"),
    topProducts: jsonb("top_products").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: at("updated_at"),
  },
  (t) => [uniqueIndex("kpi_metrics_lead_idx").on(t.leadId), index("kpi_metrics_updated_idx").on(t.updatedAt, t.id)],
);

/** Lead counts per status and industry ('' for none), kept exact by a trigger so totals never scan the table. */
export const leadCounts = pgTable(
  "lead_counts",
  {
    status: varchar("status", { length: 20 }).notNull(),
    industry: varchar("industry", { length: 50 }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.industry] })],
);

/**
 * Leads per assignee (their user id, 0 for unassigned), kept exact by a trigger on leads (migration 0054): a
 * restricted agent's list count and the assignee filter alone never scan the table.
 */
export const leadAssigneeCounts = pgTable("lead_assignee_counts", {
  assigneeKey: integer("assignee_key").primaryKey(),
  n: integer("n").notNull(),
});

/** New leads per UTC day and industry, kept by the same trigger: weekly charts and report totals read this. */
export const leadDailyCounts = pgTable(
  "lead_daily_counts",
  {
    day: date("day").notNull(),
    industry: varchar("industry", { length: 50 }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.industry] })],
);

/** Sums over kpi_metrics in one row, kept by a trigger. */
export const kpiTotals = pgTable("kpi_totals", {
  id: integer("id").primaryKey().default(1),
  ytdSum: numeric("ytd_sum", { precision: 18, scale: 2 }).notNull().default("0"),
  mrrSum: numeric("mrr_sum", { precision: 18, scale: 2 }).notNull().default("0"),
  leadsWithKpi: integer("leads_with_kpi").notNull().default(0),
});

/** Whether agents work on every lead or only on their own and unassigned ones (migration 0047); one row. */
export const leadAccessSettings = pgTable("lead_access_settings", {
  id: integer("id").primaryKey().default(1),
  agents: varchar("agents", { length: 10 }).notNull().default("all"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** How a new lead from each source (public form, capture API, import) is assigned; `turns` counts the leads handed out. */
export const leadAssignmentRules = pgTable("lead_assignment_rules", {
  source: varchar("source", { length: 20 }).primaryKey(),
  mode: varchar("mode", { length: 20 }).notNull().default("none"),
  userIds: integer("user_ids").array().notNull().default(sql`'{}'::integer[]`),
  turns: bigint("turns", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});
