CREATE TABLE "technical_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "technical_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer,
	"email" varchar(150) NOT NULL,
	"description" text NOT NULL,
	"screenshot_url" text,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"ai_repair_log" jsonb,
	"repair_failure" jsonb,
	"approval_requested" boolean DEFAULT false NOT NULL,
	"approval_timestamp" timestamp (3) with time zone,
	"manual_notes" text,
	"reviewed_by" varchar(150),
	"reviewed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lw_fold(description)) STORED,
	"context_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, description || ' ' || coalesce(ai_repair_log ->> 'summary', '') || ' ' || coalesce(manual_notes, ''))) STORED,
	CONSTRAINT "technical_issues_status_check" CHECK ("technical_issues"."status" IN ('open', 'awaiting_review', 'approved', 'rejected', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "technical_issues" ADD CONSTRAINT "technical_issues_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technical_issues_created_idx" ON "technical_issues" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "technical_issues_status_created_idx" ON "technical_issues" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "technical_issues_lead_idx" ON "technical_issues" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "technical_issues_search_trgm_idx" ON "technical_issues" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "technical_issues_context_idx" ON "technical_issues" USING gin ("context_vector") WHERE status = 'approved';