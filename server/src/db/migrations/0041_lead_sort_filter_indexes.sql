-- The leads list sorts on every column of the leads table (issue 26), each sort a keyset walk of an index over
-- (its key, id): these keys are exactly the sort expressions of db/queries/lead-list.ts (sortExpressions), which must
-- stay the same text for PostgreSQL to use them. Business name, creation and last change already have theirs
-- (leads_name_fold_idx, leads_created_search_idx, leads_updated_idx). Text sorts fold case and accents and compare in
-- code point order; no industry, assignee or source sorts as '' (first), no stage as 'new' (lw_stage_key); status and
-- priority sort in their declared order. The assignee and source filters compare the same keys, so they walk these
-- indexes too. Not declared in schema/leads.ts, like leads_stage_created_idx (0009): drizzle-kit cannot express them.
CREATE INDEX "leads_sort_contact_idx" ON "leads" USING btree ((lw_fold("business_owner_name" || ' ' || "business_owner_last_name") COLLATE "C"), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_email_idx" ON "leads" USING btree ((lower("email") COLLATE "C"), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_industry_idx" ON "leads" USING btree ((coalesce("industry", '') COLLATE "C"), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_status_idx" ON "leads" USING btree ((CASE "status" WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'qualified' THEN 2 WHEN 'converted' THEN 3 WHEN 'lost' THEN 4 ELSE 5 END), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_priority_idx" ON "leads" USING btree ((CASE "priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 ELSE 3 END), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_stage_idx" ON "leads" USING btree ((lw_stage_key("pipeline_stage") COLLATE "C"), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_assignee_idx" ON "leads" USING btree ((lw_fold(coalesce("assigned_to", '')) COLLATE "C"), "id");--> statement-breakpoint
CREATE INDEX "leads_sort_source_idx" ON "leads" USING btree ((lw_fold(coalesce("lead_source", '')) COLLATE "C"), "id");
