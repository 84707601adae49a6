-- Case and accent folding for search. unaccent() is only STABLE (its dictionary could change), so this wrapper
-- names the dictionary explicitly and is declared IMMUTABLE, which lets a generated column and indexes use it.
CREATE OR REPLACE FUNCTION lw_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE TABLE "kpi_metrics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kpi_metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"ytd_revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"mrr" numeric(14, 2) DEFAULT '0' NOT NULL,
	"top_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ytd_sum" numeric(18, 2) DEFAULT '0' NOT NULL,
	"mrr_sum" numeric(18, 2) DEFAULT '0' NOT NULL,
	"leads_with_kpi" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_counts" (
	"status" varchar(20) NOT NULL,
	"industry" varchar(50) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "lead_counts_status_industry_pk" PRIMARY KEY("status","industry")
);
--> statement-breakpoint
CREATE TABLE "lead_daily_counts" (
	"day" date NOT NULL,
	"industry" varchar(50) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "lead_daily_counts_day_industry_pk" PRIMARY KEY("day","industry")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_owner_name" varchar(100) NOT NULL,
	"business_owner_last_name" varchar(100) NOT NULL,
	"business_name" varchar(150) NOT NULL,
	"email" varchar(150) NOT NULL,
	"phone_number" varchar(30),
	"years_in_business" varchar(30),
	"employee_count" varchar(30),
	"industry" varchar(50),
	"industry_other" varchar(100),
	"current_crm_usage" boolean,
	"current_crm_platform" varchar(100),
	"current_software_challenges" text[] DEFAULT '{}'::text[] NOT NULL,
	"current_software_challenges_other" text,
	"crm_challenges" text[] DEFAULT '{}'::text[] NOT NULL,
	"crm_challenges_other" text,
	"desired_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"desired_features_other" text,
	"metrics_tracking_method" varchar(50),
	"preferred_insight_method" varchar(50),
	"preferred_insight_method_other" varchar(100),
	"crm_setup_responsible" varchar(50),
	"quiz_version" varchar(20),
	"quiz_source" varchar(50),
	"affiliate_code" varchar(50),
	"quiz_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ai_analysis" jsonb,
	"lead_source" varchar(50),
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"priority" varchar(20) DEFAULT 'medium' NOT NULL,
	"assigned_to" varchar(100),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_fields" jsonb,
	"pipeline_stage" varchar(50),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lw_fold(coalesce(business_name, '') || ' ' || coalesce(business_owner_name, '') || ' ' || coalesce(business_owner_last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, ''))) STORED,
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" IN ('new', 'contacted', 'qualified', 'converted', 'lost')),
	CONSTRAINT "leads_priority_check" CHECK ("leads"."priority" IN ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "kpi_metrics" ADD CONSTRAINT "kpi_metrics_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_metrics_lead_idx" ON "kpi_metrics" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "kpi_metrics_updated_idx" ON "kpi_metrics" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_updated_idx" ON "leads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_name_fold_idx" ON "leads" USING btree (lw_fold("business_name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_industry_created_idx" ON "leads" USING btree ("industry","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "kpi_totals" ("id") VALUES (1);
--> statement-breakpoint
-- Counters follow the leads table statement by statement (transition tables), so a bulk insert of a million
-- rows costs one aggregate, and a single insert two tiny upserts.
CREATE OR REPLACE FUNCTION lw_lead_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_counts AS c (status, industry, n)
      SELECT status, coalesce(industry, ''), count(*) FROM new_rows GROUP BY 1, 2
      ON CONFLICT (status, industry) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO lead_daily_counts AS d (day, industry, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(industry, ''), count(*) FROM new_rows GROUP BY 1, 2
      ON CONFLICT (day, industry) DO UPDATE SET n = d.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_counts AS c (status, industry, n)
      SELECT status, coalesce(industry, ''), -count(*) FROM old_rows GROUP BY 1, 2
      ON CONFLICT (status, industry) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO lead_daily_counts AS d (day, industry, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(industry, ''), -count(*) FROM old_rows GROUP BY 1, 2
      ON CONFLICT (day, industry) DO UPDATE SET n = d.n + excluded.n;
  ELSE
    INSERT INTO lead_counts AS c (status, industry, n)
      SELECT status, industry, sum(delta) FROM (
        SELECT status, coalesce(industry, '') AS industry, -1 AS delta FROM old_rows
        UNION ALL SELECT status, coalesce(industry, ''), 1 FROM new_rows
      ) changes GROUP BY 1, 2 HAVING sum(delta) <> 0
      ON CONFLICT (status, industry) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO lead_daily_counts AS d (day, industry, n)
      SELECT day, industry, sum(delta) FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(industry, '') AS industry, -1 AS delta FROM old_rows
        UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(industry, ''), 1 FROM new_rows
      ) changes GROUP BY 1, 2 HAVING sum(delta) <> 0
      ON CONFLICT (day, industry) DO UPDATE SET n = d.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_lead_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_lead_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_lead_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lw_kpi_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE kpi_totals SET
      ytd_sum = ytd_sum - (SELECT coalesce(sum(ytd_revenue), 0) FROM old_rows),
      mrr_sum = mrr_sum - (SELECT coalesce(sum(mrr), 0) FROM old_rows),
      leads_with_kpi = leads_with_kpi - (SELECT count(*) FROM old_rows)
    WHERE id = 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE kpi_totals SET
      ytd_sum = ytd_sum + (SELECT coalesce(sum(ytd_revenue), 0) FROM new_rows),
      mrr_sum = mrr_sum + (SELECT coalesce(sum(mrr), 0) FROM new_rows),
      leads_with_kpi = leads_with_kpi + (SELECT count(*) FROM new_rows)
    WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_totals_insert AFTER INSERT ON kpi_metrics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_kpi_totals_apply();
--> statement-breakpoint
CREATE TRIGGER kpi_totals_update AFTER UPDATE ON kpi_metrics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_kpi_totals_apply();
--> statement-breakpoint
CREATE TRIGGER kpi_totals_delete AFTER DELETE ON kpi_metrics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_kpi_totals_apply();
