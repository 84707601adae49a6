-- Bulk actions on leads (issue 26.3): each job, who asked, what it selects (ids or a filter, resolved to lead ids in
-- order at start), its counters and its cursor (the last lead id processed): every batch advances the cursor in the
-- same transaction as its changes, so a restarted job resumes after the last committed batch and does nothing twice.
CREATE TABLE "lead_bulk_jobs" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "actor" jsonb NOT NULL,
  "audit_label" varchar(150),
  "action" varchar(20) NOT NULL,
  "value" varchar(100),
  "selection" jsonb NOT NULL,
  "lead_ids" integer[] NOT NULL,
  "total" integer NOT NULL,
  "done" integer NOT NULL DEFAULT 0,
  "changed" integer NOT NULL DEFAULT 0,
  "skipped" integer NOT NULL DEFAULT 0,
  "failed" integer NOT NULL DEFAULT 0,
  "failures" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "status" varchar(20) NOT NULL DEFAULT 'queued',
  "cursor" integer NOT NULL DEFAULT 0,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp(3) with time zone,
  CONSTRAINT "lead_bulk_jobs_status_check" CHECK ("status" IN ('queued', 'running', 'cancelling', 'cancelled', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "lead_bulk_jobs_user_idx" ON "lead_bulk_jobs" USING btree ("user_id", "id");
--> statement-breakpoint
-- An export's CSV rows, one chunk per batch (rows as arrays of text), streamed out in order on download.
CREATE TABLE "lead_bulk_files" (
  "job_id" integer NOT NULL REFERENCES "lead_bulk_jobs"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "rows" jsonb NOT NULL,
  PRIMARY KEY ("job_id", "seq")
);
