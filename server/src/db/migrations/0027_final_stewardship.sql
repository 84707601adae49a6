CREATE TABLE "stewardship_archival_systems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stewardship_archival_systems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"archival_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"archival_date" date NOT NULL,
	"archival_size" double precision,
	"storage_location" varchar(40) NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"last_verified" date,
	"next_verification_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stewardship_archival_systems_archival_type_check" CHECK ("archival_type" IN ('full_backup', 'incremental_backup', 'source_code', 'database', 'documentation', 'media')),
	CONSTRAINT "stewardship_archival_systems_status_check" CHECK ("status" IN ('planning', 'in_progress', 'completed', 'verified', 'failed', 'archived')),
	CONSTRAINT "stewardship_archival_systems_storage_location_check" CHECK ("storage_location" IN ('on_premises', 'cloud', 'offsite_vault', 'cold_storage', 'distributed'))
);
--> statement-breakpoint
CREATE TABLE "stewardship_legacy_audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stewardship_legacy_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"audit_type" varchar(40) NOT NULL,
	"audit_date" date NOT NULL,
	"auditor_name" varchar(200) NOT NULL,
	"audit_score" double precision,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"critical_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"major_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minor_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"action_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions_due_date" date,
	"actions_resolved" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stewardship_legacy_audits_audit_type_check" CHECK ("audit_type" IN ('comprehensive', 'compliance', 'security', 'financial', 'technical', 'governance')),
	CONSTRAINT "stewardship_legacy_audits_status_check" CHECK ("status" IN ('planning', 'in_progress', 'completed', 'approved', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "stewardship_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stewardship_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"plan_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"version" varchar(20) DEFAULT '1.0' NOT NULL,
	"plan_date" date NOT NULL,
	"next_review_date" date,
	"stewardship_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"maintenance_plan" text,
	"budget_considerations" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stewardship_plans_plan_type_check" CHECK ("plan_type" IN ('succession', 'maintenance', 'governance', 'financial', 'knowledge', 'community')),
	CONSTRAINT "stewardship_plans_status_check" CHECK ("status" IN ('draft', 'planning', 'approved', 'active', 'completed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "stewardship_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stewardship_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"statement_type" varchar(40) NOT NULL,
	"publication_status" varchar(40) DEFAULT 'draft' NOT NULL,
	"version" varchar(20) DEFAULT '1.0' NOT NULL,
	"published_date" date,
	"key_achievements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lessons_learned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"best_practices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_recipients" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stewardship_statements_statement_type_check" CHECK ("statement_type" IN ('yearly', 'milestone', 'transition', 'final')),
	CONSTRAINT "stewardship_statements_publication_status_check" CHECK ("publication_status" IN ('draft', 'approved', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "stewardship_validations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stewardship_validations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"validation_type" varchar(40) NOT NULL,
	"validation_date" date NOT NULL,
	"overall_score" double precision NOT NULL,
	"certification_status" varchar(40) DEFAULT 'pending' NOT NULL,
	"systems_health_score" double precision,
	"data_integrity_score" double precision,
	"security_score" double precision,
	"action_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_validation_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stewardship_validations_validation_type_check" CHECK ("validation_type" IN ('comprehensive', 'technical', 'data_integrity', 'security', 'compliance', 'governance')),
	CONSTRAINT "stewardship_validations_certification_status_check" CHECK ("certification_status" IN ('pending', 'certified', 'conditional', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "stewardship_archival_systems" ADD CONSTRAINT "stewardship_archival_systems_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stewardship_legacy_audits" ADD CONSTRAINT "stewardship_legacy_audits_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stewardship_plans" ADD CONSTRAINT "stewardship_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stewardship_statements" ADD CONSTRAINT "stewardship_statements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stewardship_validations" ADD CONSTRAINT "stewardship_validations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stewardship_archival_systems_archival_date_idx" ON "stewardship_archival_systems" USING btree ("archival_date");--> statement-breakpoint
CREATE INDEX "stewardship_legacy_audits_audit_date_idx" ON "stewardship_legacy_audits" USING btree ("audit_date");--> statement-breakpoint
CREATE INDEX "stewardship_plans_plan_date_idx" ON "stewardship_plans" USING btree ("plan_date");--> statement-breakpoint
CREATE INDEX "stewardship_statements_published_date_idx" ON "stewardship_statements" USING btree ("published_date");--> statement-breakpoint
CREATE INDEX "stewardship_validations_validation_date_idx" ON "stewardship_validations" USING btree ("validation_date");