CREATE TABLE "request_metrics" (
	"minute" timestamp with time zone NOT NULL,
	"instance_id" varchar(64) NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"server_errors" integer DEFAULT 0 NOT NULL,
	"latency_buckets" integer[] NOT NULL,
	CONSTRAINT "request_metrics_minute_instance_id_pk" PRIMARY KEY("minute","instance_id")
);
--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "brand" varchar(100);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id");