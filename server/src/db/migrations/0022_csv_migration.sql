CREATE TABLE "migration_chunks" (
	"migration_id" integer NOT NULL,
	"chunk_no" integer NOT NULL,
	"first_row" integer NOT NULL,
	"records" jsonb NOT NULL,
	CONSTRAINT "migration_chunks_migration_id_chunk_no_pk" PRIMARY KEY("migration_id","chunk_no")
);
--> statement-breakpoint
CREATE TABLE "migration_errors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "migration_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"migration_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"field" varchar(100),
	"code" varchar(100) NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "migration_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "migration_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"migration_type" varchar(30) DEFAULT 'csv_leads' NOT NULL,
	"source_file" varchar(255) NOT NULL,
	"status" varchar(20) DEFAULT 'in_progress' NOT NULL,
	"duplicates" varchar(10) DEFAULT 'skip' NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"records_total" integer DEFAULT 0 NOT NULL,
	"records_processed" integer DEFAULT 0 NOT NULL,
	"records_successful" integer DEFAULT 0 NOT NULL,
	"records_updated" integer DEFAULT 0 NOT NULL,
	"records_skipped" integer DEFAULT 0 NOT NULL,
	"records_with_errors" integer DEFAULT 0 NOT NULL,
	"last_chunk" integer DEFAULT -1 NOT NULL,
	"error_details" text,
	"created_by" varchar(150) NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "migration_logs_status_check" CHECK ("migration_logs"."status" IN ('awaiting_mapping', 'in_progress', 'completed', 'failed')),
	CONSTRAINT "migration_logs_duplicates_check" CHECK ("migration_logs"."duplicates" IN ('skip', 'update'))
);
--> statement-breakpoint
ALTER TABLE "migration_chunks" ADD CONSTRAINT "migration_chunks_migration_id_migration_logs_id_fk" FOREIGN KEY ("migration_id") REFERENCES "public"."migration_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_errors" ADD CONSTRAINT "migration_errors_migration_id_migration_logs_id_fk" FOREIGN KEY ("migration_id") REFERENCES "public"."migration_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_logs" ADD CONSTRAINT "migration_logs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "migration_errors_row_idx" ON "migration_errors" USING btree ("migration_id","row_number","id");--> statement-breakpoint
CREATE INDEX "migration_logs_created_idx" ON "migration_logs" USING btree ("created_at","id");