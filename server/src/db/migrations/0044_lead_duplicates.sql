-- Duplicates found and merged (issue 26.4). Each rule of contract/lead-duplicates.ts is an index-backed lookup at 1M leads:
-- a phone's key is its last 9 digits (national and international writings of one number share them; fewer digits: no key),
-- an email's domain is its lower-cased part after '@', and business and owner names compare by trigram on their folded text.
-- Emails are unique regardless of case (leads_email_lower_idx), so same_email only matches a form's unsaved input.
CREATE OR REPLACE FUNCTION lw_phone_key(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE WHEN length(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) >= 9
  THEN right(regexp_replace(phone, '[^0-9]', '', 'g'), 9) END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lw_email_domain(email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT nullif(lower(split_part(coalesce(email, ''), '@', 2)), '') $$;--> statement-breakpoint
CREATE INDEX "leads_phone_key_idx" ON "leads" USING btree (lw_phone_key("phone_number"), "id") WHERE lw_phone_key("phone_number") IS NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_email_domain_idx" ON "leads" USING btree (lw_email_domain("email"), "id");--> statement-breakpoint
CREATE INDEX "leads_business_name_trgm_idx" ON "leads" USING gin (lw_fold("business_name") gin_trgm_ops);--> statement-breakpoint
-- A merged-away lead's row is deleted (so it leaves every list, search and count at once); its id keeps answering through
-- this pointer, and its values are kept here as its history. A later merge of the kept lead re-points these rows.
CREATE TABLE "lead_merges" (
  "merged_id" integer PRIMARY KEY,
  "kept_id" integer NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
  "merged_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "merged_at" timestamp with time zone DEFAULT now() NOT NULL,
  "merged_values" jsonb NOT NULL,
  "chosen_fields" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX "lead_merges_kept_idx" ON "lead_merges" USING btree ("kept_id");--> statement-breakpoint
-- The likely pairs across every lead, written by the scheduled job (lead_a < lead_b, each pair once).
CREATE TABLE "lead_duplicate_pairs" (
  "lead_a" integer NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
  "lead_b" integer NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
  "reasons" text[] NOT NULL,
  "confidence" real NOT NULL,
  "computed_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("lead_a", "lead_b"),
  CHECK ("lead_a" < "lead_b")
);--> statement-breakpoint
CREATE INDEX "lead_duplicate_pairs_rank_idx" ON "lead_duplicate_pairs" USING btree ("confidence" DESC, "lead_a", "lead_b");--> statement-breakpoint
CREATE INDEX "lead_duplicate_pairs_b_idx" ON "lead_duplicate_pairs" USING btree ("lead_b");--> statement-breakpoint
-- The job's walk: where it stands (the last lead id done), so a restart resumes, and when a walk last finished.
CREATE TABLE "lead_duplicate_scan" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "cursor_id" integer DEFAULT 0 NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone
);--> statement-breakpoint
INSERT INTO "lead_duplicate_scan" ("id") VALUES (1);
