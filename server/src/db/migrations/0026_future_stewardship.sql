CREATE TABLE "ethical_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ethical_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"review_year" integer NOT NULL,
	"review_type" varchar(40) NOT NULL,
	"review_date" date NOT NULL,
	"review_scope" varchar(200) NOT NULL,
	"status" varchar(40) DEFAULT 'planned' NOT NULL,
	"ethical_score" double precision,
	"stakeholder_engagement" double precision,
	"reviewed_by" varchar(200) NOT NULL,
	"public_report" boolean DEFAULT false NOT NULL,
	"certified" boolean DEFAULT false NOT NULL,
	"next_review_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ethical_reviews_review_type_check" CHECK ("review_type" IN ('annual', 'data_ethics', 'ai_ethics', 'privacy', 'accessibility', 'stakeholder', 'supplier')),
	CONSTRAINT "ethical_reviews_status_check" CHECK ("status" IN ('planned', 'in_progress', 'completed', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "historical_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "historical_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_title" varchar(200) NOT NULL,
	"event_type" varchar(40) NOT NULL,
	"record_date" date NOT NULL,
	"event_description" text NOT NULL,
	"public_access" boolean DEFAULT false NOT NULL,
	"immutable_hash" varchar(64),
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "historical_records_event_type_check" CHECK ("event_type" IN ('founding', 'milestone', 'decision', 'release', 'partnership', 'leadership_change', 'policy', 'incident', 'anniversary'))
);
--> statement-breakpoint
CREATE TABLE "legacy_charters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_charters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"charter_version" varchar(20) DEFAULT '1.0' NOT NULL,
	"charter_date" date NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"mission_statement" text NOT NULL,
	"core_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trusted_parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stewardship_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ethical_principles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"succession_clause" text,
	"next_review_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_charters_status_check" CHECK ("status" IN ('draft', 'preparing', 'approved', 'active', 'superseded', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "perpetuity_declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perpetuity_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"declaration_type" varchar(40) NOT NULL,
	"declaration_version" varchar(20) DEFAULT '1.0' NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"published_date" date,
	"global_reach" integer DEFAULT 0 NOT NULL,
	"language_versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digital_preservation" boolean DEFAULT false NOT NULL,
	"next_review_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perpetuity_declarations_declaration_type_check" CHECK ("declaration_type" IN ('perpetuity', 'stewardship', 'open_access', 'preservation', 'governance')),
	CONSTRAINT "perpetuity_declarations_status_check" CHECK ("status" IN ('draft', 'approved', 'published', 'ratified', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "succession_playbooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "succession_playbooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"playbook_type" varchar(40) NOT NULL,
	"playbook_version" varchar(20) DEFAULT '1.0' NOT NULL,
	"playbook_date" date NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"knowledge_transfer_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_transfer_steps" integer DEFAULT 0 NOT NULL,
	"onboarding_checkpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_review_date" date,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "succession_playbooks_playbook_type_check" CHECK ("playbook_type" IN ('leadership', 'technical', 'operations', 'emergency', 'knowledge_transfer', 'community')),
	CONSTRAINT "succession_playbooks_status_check" CHECK ("status" IN ('draft', 'preparing', 'ready', 'approved', 'active', 'superseded', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "ethical_reviews" ADD CONSTRAINT "ethical_reviews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_records" ADD CONSTRAINT "historical_records_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_charters" ADD CONSTRAINT "legacy_charters_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetuity_declarations" ADD CONSTRAINT "perpetuity_declarations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "succession_playbooks" ADD CONSTRAINT "succession_playbooks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ethical_reviews_review_date_idx" ON "ethical_reviews" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "historical_records_record_date_idx" ON "historical_records" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "legacy_charters_charter_date_idx" ON "legacy_charters" USING btree ("charter_date");--> statement-breakpoint
CREATE INDEX "perpetuity_declarations_published_date_idx" ON "perpetuity_declarations" USING btree ("published_date");--> statement-breakpoint
CREATE INDEX "succession_playbooks_playbook_date_idx" ON "succession_playbooks" USING btree ("playbook_date");