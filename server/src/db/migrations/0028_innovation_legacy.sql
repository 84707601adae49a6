CREATE TABLE "compliance_audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"framework" varchar(40) NOT NULL,
	"due_date" date NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"open_findings" integer DEFAULT 0 NOT NULL,
	"findings" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_audits_framework_check" CHECK ("framework" IN ('soc2', 'iso27001', 'gdpr', 'hipaa', 'pci_dss', 'internal')),
	CONSTRAINT "compliance_audits_status_check" CHECK ("status" IN ('planning', 'in_progress', 'passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "innovation_experiments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "innovation_experiments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"hypothesis" text NOT NULL,
	"metric" varchar(200) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"start_date" date,
	"end_date" date,
	"outcome" varchar(40),
	"result" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "innovation_experiments_status_check" CHECK ("status" IN ('planning', 'in_progress', 'completed')),
	CONSTRAINT "innovation_experiments_outcome_check" CHECK ("outcome" IN ('validated', 'invalidated', 'inconclusive'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"tags" jsonb,
	"version" varchar(20) DEFAULT '1.0' NOT NULL,
	"author" varchar(200),
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"system" varchar(200) NOT NULL,
	"status" varchar(40) DEFAULT 'active' NOT NULL,
	"sunset_date" date,
	"replacement" varchar(200),
	"notes" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_integrations_status_check" CHECK ("status" IN ('active', 'deprecated', 'sunset'))
);
--> statement-breakpoint
CREATE TABLE "tech_radar_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tech_radar_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(80) NOT NULL,
	"quadrant" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'assess' NOT NULL,
	"moved_in_date" date NOT NULL,
	"description" text,
	"owner" varchar(200),
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_radar_items_quadrant_check" CHECK ("quadrant" IN ('techniques', 'tools', 'platforms', 'languages_frameworks')),
	CONSTRAINT "tech_radar_items_status_check" CHECK ("status" IN ('adopt', 'trial', 'assess', 'hold'))
);
--> statement-breakpoint
ALTER TABLE "compliance_audits" ADD CONSTRAINT "compliance_audits_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "innovation_experiments" ADD CONSTRAINT "innovation_experiments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_integrations" ADD CONSTRAINT "legacy_integrations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_radar_items" ADD CONSTRAINT "tech_radar_items_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_audits_due_date_idx" ON "compliance_audits" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "innovation_experiments_end_date_idx" ON "innovation_experiments" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "knowledge_articles_title_idx" ON "knowledge_articles" USING btree ("title");--> statement-breakpoint
CREATE INDEX "legacy_integrations_sunset_date_idx" ON "legacy_integrations" USING btree ("sunset_date");--> statement-breakpoint
CREATE INDEX "tech_radar_items_moved_in_date_idx" ON "tech_radar_items" USING btree ("moved_in_date");--> statement-breakpoint
-- Full-text search of the knowledge base (issue 14.9), hand-written: the family's table is generated from its
-- declaration, which has no place for an expression index. Queries use the same expression
-- (server/src/db/queries/knowledge-search.ts), so the index serves them on PostgreSQL and PGlite alike.
CREATE INDEX "knowledge_articles_search_idx" ON "knowledge_articles" USING gin (to_tsvector('english'::regconfig, "title" || ' ' || "body"));
