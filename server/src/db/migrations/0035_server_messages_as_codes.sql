-- Notifications and audit rows say what they say as a code with params (contract/server-messages.ts,
-- contract/audit-messages.ts), rendered in the reader's language; the English stays in message and details. Rows
-- stored before have no code and are shown as they were written.
ALTER TABLE "audit_logs" ADD COLUMN "code" varchar(80);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "code" varchar(80);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;