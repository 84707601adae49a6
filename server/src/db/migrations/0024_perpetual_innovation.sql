CREATE TABLE "community_legacy_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_legacy_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"legacy_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"repository_url" varchar(2048),
	"transition_date" date,
	"license_type" varchar(60),
	"stakeholder_reach" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_legacy_plans_legacy_type_check" CHECK ("legacy_type" IN ('open_source', 'foundation_transfer', 'community_handover', 'education', 'data_donation')),
	CONSTRAINT "community_legacy_plans_status_check" CHECK ("status" IN ('planning', 'announced', 'in_progress', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "handover_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handover_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"package_type" varchar(40) NOT NULL,
	"completion_status" varchar(40) DEFAULT 'draft' NOT NULL,
	"target_audience" varchar(200) NOT NULL,
	"handover_date" date,
	"documentation" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_packages_package_type_check" CHECK ("package_type" IN ('technical', 'operational', 'business', 'governance', 'community')),
	CONSTRAINT "handover_packages_completion_status_check" CHECK ("completion_status" IN ('draft', 'preparing', 'ready', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "project_legacy_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_legacy_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"report_type" varchar(40) NOT NULL,
	"publication_status" varchar(40) DEFAULT 'draft' NOT NULL,
	"version" varchar(20) DEFAULT '1.0' NOT NULL,
	"publish_date" date,
	"achievements" jsonb,
	"lessons_learned" jsonb,
	"impact_areas" jsonb,
	"quantified_impact" numeric(14, 2),
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_legacy_reports_report_type_check" CHECK ("report_type" IN ('annual', 'milestone', 'impact', 'retrospective', 'final')),
	CONSTRAINT "project_legacy_reports_publication_status_check" CHECK ("publication_status" IN ('draft', 'internal', 'public', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "sunset_evergreen_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sunset_evergreen_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"plan_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"end_of_life_date" date,
	"budget_allocation" numeric(14, 2),
	"maintenance_plan" boolean DEFAULT false NOT NULL,
	"support_structure" boolean DEFAULT false NOT NULL,
	"security_plan" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sunset_evergreen_plans_plan_type_check" CHECK ("plan_type" IN ('evergreen', 'maintenance_mode', 'migration', 'sunset')),
	CONSTRAINT "sunset_evergreen_plans_status_check" CHECK ("status" IN ('draft', 'planning', 'active', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "tech_refresh_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tech_refresh_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"review_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"review_date" date NOT NULL,
	"innovation_opportunities" jsonb,
	"budget" numeric(14, 2),
	"innovation_score" double precision,
	"prototypes_built" integer DEFAULT 0 NOT NULL,
	"prototypes_successful" integer DEFAULT 0 NOT NULL,
	"technology_debt" varchar(40),
	"debt_issues" integer DEFAULT 0 NOT NULL,
	"deprecated_technologies" integer DEFAULT 0 NOT NULL,
	"at_risk_technologies" integer DEFAULT 0 NOT NULL,
	"summary" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_refresh_reviews_review_type_check" CHECK ("review_type" IN ('quarterly', 'annual', 'architecture', 'security', 'dependency_audit')),
	CONSTRAINT "tech_refresh_reviews_status_check" CHECK ("status" IN ('planning', 'in_progress', 'completed', 'cancelled')),
	CONSTRAINT "tech_refresh_reviews_technology_debt_check" CHECK ("technology_debt" IN ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "community_legacy_plans" ADD CONSTRAINT "community_legacy_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_packages" ADD CONSTRAINT "handover_packages_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_legacy_reports" ADD CONSTRAINT "project_legacy_reports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sunset_evergreen_plans" ADD CONSTRAINT "sunset_evergreen_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_refresh_reviews" ADD CONSTRAINT "tech_refresh_reviews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_legacy_plans_transition_date_idx" ON "community_legacy_plans" USING btree ("transition_date");--> statement-breakpoint
CREATE INDEX "handover_packages_handover_date_idx" ON "handover_packages" USING btree ("handover_date");--> statement-breakpoint
CREATE INDEX "project_legacy_reports_publish_date_idx" ON "project_legacy_reports" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "sunset_evergreen_plans_end_of_life_date_idx" ON "sunset_evergreen_plans" USING btree ("end_of_life_date");--> statement-breakpoint
CREATE INDEX "tech_refresh_reviews_review_date_idx" ON "tech_refresh_reviews" USING btree ("review_date");