-- CSV imports: a heartbeat another instance reads (a cut-off upload expires, an import whose run stopped resumes),
-- the run holding an import's lease, and two statuses: uploading (being received) and expired (discarded unstarted).
ALTER TABLE "migration_logs" DROP CONSTRAINT "migration_logs_status_check";--> statement-breakpoint
ALTER TABLE "migration_logs" ADD COLUMN "heartbeat_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "migration_logs" ADD COLUMN "runner_id" varchar(80);--> statement-breakpoint
ALTER TABLE "migration_logs" ADD CONSTRAINT "migration_logs_status_check" CHECK ("migration_logs"."status" IN ('uploading', 'awaiting_mapping', 'in_progress', 'completed', 'failed', 'expired'));
