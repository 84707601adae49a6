CREATE TABLE "integrations" (
	"kind" varchar(40) PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_encrypted" text,
	"secret_hint" varchar(8),
	"enabled" boolean DEFAULT true NOT NULL,
	"configured_by" integer,
	"configured_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone,
	CONSTRAINT "integrations_kind_check" CHECK ("integrations"."kind" IN ('slack', 'stripe', 'google_workspace'))
);
--> statement-breakpoint
CREATE TABLE "nps_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nps_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_email" varchar(150) NOT NULL,
	"score" smallint NOT NULL,
	"feedback" text,
	"campaign_id" varchar(100),
	"survey_type" varchar(50) DEFAULT 'milestone' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nps_responses_score_check" CHECK ("nps_responses"."score" BETWEEN 0 AND 10)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_by_automation_id" integer;--> statement-breakpoint
ALTER TABLE "automation_workflows" ADD COLUMN "signing_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_configured_by_users_id_fk" FOREIGN KEY ("configured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nps_responses_created_idx" ON "nps_responses" USING btree ("created_at","id");