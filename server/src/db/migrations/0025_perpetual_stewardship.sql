CREATE TABLE "community_transitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"transition_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"transition_date" date NOT NULL,
	"transition_scope" varchar(200),
	"transition_budget" numeric(14, 2),
	"governance_structure" boolean DEFAULT false NOT NULL,
	"asset_transfer" boolean DEFAULT false NOT NULL,
	"training_programs" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_transitions_transition_type_check" CHECK ("transition_type" IN ('governance', 'maintainership', 'foundation', 'community_ownership', 'open_source_release')),
	CONSTRAINT "community_transitions_status_check" CHECK ("status" IN ('planning', 'preparing', 'ready', 'in_progress', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "legacy_stewardship_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_stewardship_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"review_year" integer NOT NULL,
	"review_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"review_date" date NOT NULL,
	"reviewed_by" varchar(200) NOT NULL,
	"review_score" double precision,
	"steward_performance" double precision,
	"action_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_stewardship_reviews_review_type_check" CHECK ("review_type" IN ('annual', 'quarterly', 'transition', 'special')),
	CONSTRAINT "legacy_stewardship_reviews_status_check" CHECK ("status" IN ('planning', 'in_progress', 'completed', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "living_archives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "living_archives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"archive_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'planning' NOT NULL,
	"archive_date" date NOT NULL,
	"archive_size" double precision,
	"archive_scope" varchar(200),
	"integrity_verification" varchar(40) DEFAULT 'pending' NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"encryption_details" varchar(200),
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "living_archives_archive_type_check" CHECK ("archive_type" IN ('full_system', 'database', 'source_code', 'documentation', 'communications', 'media')),
	CONSTRAINT "living_archives_status_check" CHECK ("status" IN ('planning', 'in_progress', 'completed', 'verified', 'failed', 'deprecated')),
	CONSTRAINT "living_archives_integrity_verification_check" CHECK ("integrity_verification" IN ('pending', 'verified', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "living_legacy_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "living_legacy_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"package_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"package_date" date NOT NULL,
	"steward_name" varchar(200),
	"total_size" double precision,
	"package_integrity" boolean DEFAULT false NOT NULL,
	"steward_confirmation" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "living_legacy_packages_package_type_check" CHECK ("package_type" IN ('complete_system', 'source_code', 'documentation', 'knowledge_base', 'governance', 'operations')),
	CONSTRAINT "living_legacy_packages_status_check" CHECK ("status" IN ('draft', 'preparing', 'ready', 'delivered', 'confirmed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "perpetual_declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perpetual_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"declaration_type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"version" varchar(20) DEFAULT '1.0' NOT NULL,
	"published_date" date,
	"declaration_scope" varchar(200),
	"distribution_reach" integer DEFAULT 0 NOT NULL,
	"approved_by" varchar(200),
	"statement" text,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perpetual_declarations_declaration_type_check" CHECK ("declaration_type" IN ('perpetual', 'stewardship', 'community', 'governance', 'succession')),
	CONSTRAINT "perpetual_declarations_status_check" CHECK ("status" IN ('draft', 'approved', 'published', 'active', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "community_transitions" ADD CONSTRAINT "community_transitions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_stewardship_reviews" ADD CONSTRAINT "legacy_stewardship_reviews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "living_archives" ADD CONSTRAINT "living_archives_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "living_legacy_packages" ADD CONSTRAINT "living_legacy_packages_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetual_declarations" ADD CONSTRAINT "perpetual_declarations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_transitions_transition_date_idx" ON "community_transitions" USING btree ("transition_date");--> statement-breakpoint
CREATE INDEX "legacy_stewardship_reviews_review_date_idx" ON "legacy_stewardship_reviews" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "living_archives_archive_date_idx" ON "living_archives" USING btree ("archive_date");--> statement-breakpoint
CREATE INDEX "living_legacy_packages_package_date_idx" ON "living_legacy_packages" USING btree ("package_date");--> statement-breakpoint
CREATE INDEX "perpetual_declarations_published_date_idx" ON "perpetual_declarations" USING btree ("published_date");