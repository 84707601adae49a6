CREATE TABLE "business_health_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_health_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"snapshot_date" date NOT NULL,
	"revenue_growth" double precision NOT NULL,
	"profitability" double precision NOT NULL,
	"runway_months" double precision NOT NULL,
	"monthly_expenses" numeric(14, 2) NOT NULL,
	"churn_rate" double precision NOT NULL,
	"uptime" double precision NOT NULL,
	"performance" double precision NOT NULL,
	"error_rate" double precision NOT NULL,
	"security_score" double precision NOT NULL,
	"technical_debt" varchar(40) NOT NULL,
	"notes" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_health_snapshots_technical_debt_check" CHECK ("technical_debt" IN ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "community_engagements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_engagements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"engagement_type" varchar(40) NOT NULL,
	"reach" integer NOT NULL,
	"date" date NOT NULL,
	"impact" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_engagements_engagement_type_check" CHECK ("engagement_type" IN ('event', 'open_source', 'mentoring', 'sponsorship', 'content', 'volunteering'))
);
--> statement-breakpoint
CREATE TABLE "evergreen_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evergreen_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"review_type" varchar(40) NOT NULL,
	"review_date" date NOT NULL,
	"business_health" double precision NOT NULL,
	"technical_health" double precision NOT NULL,
	"community_health" double precision NOT NULL,
	"summary" text,
	"next_review_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evergreen_reviews_review_type_check" CHECK ("review_type" IN ('quarterly', 'semi_annual', 'annual', 'ad_hoc'))
);
--> statement-breakpoint
CREATE TABLE "incident_simulations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_simulations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scenario" varchar(200) NOT NULL,
	"scenario_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"simulation_date" date NOT NULL,
	"response_time" integer,
	"effectiveness" double precision,
	"lessons_learned" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_simulations_scenario_type_check" CHECK ("scenario_type" IN ('security_breach', 'service_outage', 'data_loss', 'key_person_loss', 'supplier_failure', 'natural_disaster')),
	CONSTRAINT "incident_simulations_status_check" CHECK ("status" IN ('planning', 'active', 'in_progress', 'completed', 'mitigated', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "legacy_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"plan_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"goals_total" integer DEFAULT 0 NOT NULL,
	"goals_achieved" integer DEFAULT 0 NOT NULL,
	"next_milestone" varchar(200),
	"milestone_date" date,
	"description" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_plans_plan_type_check" CHECK ("plan_type" IN ('succession', 'knowledge_transfer', 'open_source', 'documentation', 'financial', 'community')),
	CONSTRAINT "legacy_plans_status_check" CHECK ("status" IN ('planning', 'active', 'in_progress', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "risk_register" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_register_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"risk" varchar(200) NOT NULL,
	"category" varchar(40) NOT NULL,
	"likelihood" varchar(40) NOT NULL,
	"impact" varchar(40) NOT NULL,
	"mitigation" text NOT NULL,
	"owner" varchar(200) NOT NULL,
	"next_review_date" date,
	"status" varchar(40) DEFAULT 'active' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_register_category_check" CHECK ("category" IN ('financial', 'operational', 'technical', 'market', 'legal', 'people')),
	CONSTRAINT "risk_register_likelihood_check" CHECK ("likelihood" IN ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "risk_register_impact_check" CHECK ("impact" IN ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "risk_register_status_check" CHECK ("status" IN ('active', 'mitigated'))
);
--> statement-breakpoint
CREATE TABLE "succession_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "succession_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"owner" varchar(200) NOT NULL,
	"version" varchar(20) DEFAULT '1.0' NOT NULL,
	"body" text NOT NULL,
	"last_reviewed" date,
	"review_due" date NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_health_snapshots" ADD CONSTRAINT "business_health_snapshots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_engagements" ADD CONSTRAINT "community_engagements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_reviews" ADD CONSTRAINT "evergreen_reviews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_simulations" ADD CONSTRAINT "incident_simulations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_plans" ADD CONSTRAINT "legacy_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_register" ADD CONSTRAINT "risk_register_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "succession_documents" ADD CONSTRAINT "succession_documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_health_snapshots_snapshot_date_idx" ON "business_health_snapshots" USING btree ("snapshot_date");--> statement-breakpoint
CREATE INDEX "community_engagements_date_idx" ON "community_engagements" USING btree ("date");--> statement-breakpoint
CREATE INDEX "evergreen_reviews_review_date_idx" ON "evergreen_reviews" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "incident_simulations_simulation_date_idx" ON "incident_simulations" USING btree ("simulation_date");--> statement-breakpoint
CREATE INDEX "legacy_plans_milestone_date_idx" ON "legacy_plans" USING btree ("milestone_date");--> statement-breakpoint
CREATE INDEX "risk_register_next_review_date_idx" ON "risk_register" USING btree ("next_review_date");--> statement-breakpoint
CREATE INDEX "succession_documents_review_due_idx" ON "succession_documents" USING btree ("review_due");