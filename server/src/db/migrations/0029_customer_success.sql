CREATE TABLE "business_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_name" varchar(200) NOT NULL,
	"review_type" varchar(40) NOT NULL,
	"review_date" date NOT NULL,
	"key_metrics" text,
	"wins_and_challenges" text,
	"action_items" jsonb,
	"roadmap_updates" text,
	"attendees" jsonb,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_reviews_review_type_check" CHECK ("review_type" IN ('monthly', 'quarterly', 'annual', 'executive'))
);
--> statement-breakpoint
CREATE TABLE "renewal_upsell_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "renewal_upsell_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_email" varchar(150) NOT NULL,
	"type" varchar(40) NOT NULL,
	"status" varchar(40) DEFAULT 'pending' NOT NULL,
	"offer_details" text,
	"expiry_date" date,
	"response_date" date,
	"revenue" numeric(14, 2),
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_upsell_offers_type_check" CHECK ("type" IN ('renewal', 'upsell', 'cross_sell')),
	CONSTRAINT "renewal_upsell_offers_status_check" CHECK ("status" IN ('pending', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "onboarding_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_email" varchar(150) NOT NULL,
	"current_step" smallint DEFAULT 1 NOT NULL,
	"total_steps" smallint DEFAULT 5 NOT NULL,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_progress_steps_check" CHECK ("onboarding_progress"."current_step" BETWEEN 1 AND "onboarding_progress"."total_steps")
);
--> statement-breakpoint
ALTER TABLE "business_reviews" ADD CONSTRAINT "business_reviews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_upsell_offers" ADD CONSTRAINT "renewal_upsell_offers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_reviews_review_date_idx" ON "business_reviews" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "renewal_upsell_offers_expiry_date_idx" ON "renewal_upsell_offers" USING btree ("expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_progress_email_idx" ON "onboarding_progress" USING btree ("user_email");