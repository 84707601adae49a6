CREATE TABLE "lead_timeline" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"actor" jsonb NOT NULL,
	"changes" jsonb,
	"subject" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_body_check" CHECK (length("lead_notes"."body") BETWEEN 1 AND 20000)
);
--> statement-breakpoint
CREATE TABLE "attachment_chunks" (
	"attachment_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "attachment_chunks_attachment_id_seq_pk" PRIMARY KEY("attachment_id","seq")
);
--> statement-breakpoint
CREATE TABLE "lead_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(150) NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" varchar(64),
	"complete" boolean DEFAULT false NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_attachments_size_check" CHECK ("lead_attachments"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_by" integer;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_chunks" ADD CONSTRAINT "attachment_chunks_attachment_id_lead_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."lead_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_timeline_lead_idx" ON "lead_timeline" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_timeline_lead_kind_idx" ON "lead_timeline" USING btree ("lead_id","kind","id");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_notes_body_trgm_idx" ON "lead_notes" USING gin (lw_fold("body") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_attachments_lead_idx" ON "lead_attachments" USING btree ("lead_id","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_lead_idx" ON "mail_outbox" USING btree ("lead_id") WHERE "mail_outbox"."lead_id" IS NOT NULL;--> statement-breakpoint
-- The lead timeline (issue 25): every entry is written by these triggers in the transaction of the change it
-- records, from the rows that change wrote. The actor is the transaction's leadwell.actor setting, which the server
-- sets where a transaction opens (server/src/kernel/actor-context.ts); none set means the system did it.
CREATE OR REPLACE FUNCTION lw_timeline_actor() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('leadwell.actor', true), '')::jsonb, '{"kind":"system"}'::jsonb)
$$;
--> statement-breakpoint
-- A lead's deletion is its last entry: what its deletion cascades to (notes, files, tasks unlinked) adds none.
CREATE OR REPLACE FUNCTION lw_lead_exists(lead integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM leads WHERE id = lead)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lw_timeline_leads_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_timeline (lead_id, kind, actor, subject)
    SELECT n.id, 'created', lw_timeline_actor(),
           jsonb_strip_nulls(jsonb_build_object('leadSource', n.lead_source, 'affiliateCode', n.affiliate_code, 'quizSource', n.quiz_source))
    FROM new_rows n ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One entry per changed lead and statement, with every changed column as { field, from, to } (column names; the
-- server names them as the API does). Statement-level, so a bulk change of many leads stays one pass.
CREATE OR REPLACE FUNCTION lw_timeline_leads_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_timeline (lead_id, kind, actor, changes)
    SELECT n.id, CASE WHEN d.stage THEN 'stage' WHEN d.assignee THEN 'assignment' ELSE 'changed' END, lw_timeline_actor(), d.changes
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('field', nv.key, 'from', ov.value, 'to', nv.value) ORDER BY nv.key) AS changes,
             bool_or(nv.key = 'pipeline_stage') AS stage,
             bool_or(nv.key = 'assigned_to') AS assignee
      FROM jsonb_each(to_jsonb(n)) nv
      JOIN jsonb_each(to_jsonb(o)) ov ON ov.key = nv.key
      WHERE nv.value IS DISTINCT FROM ov.value AND nv.key NOT IN ('id', 'created_at', 'updated_at', 'search_text')
    ) d
    WHERE d.changes IS NOT NULL
    ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lw_timeline_leads_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_timeline (lead_id, kind, actor, subject)
    SELECT o.id, 'deleted', lw_timeline_actor(), jsonb_build_object('businessName', o.business_name, 'email', o.email)
    FROM old_rows o ORDER BY o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_timeline_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_timeline_leads_insert();
--> statement-breakpoint
CREATE TRIGGER leads_timeline_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_timeline_leads_update();
--> statement-breakpoint
CREATE TRIGGER leads_timeline_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_timeline_leads_delete();
--> statement-breakpoint
-- Tasks about a lead: created, completed, reopened, reassigned, linked to or unlinked from it, deleted.
CREATE OR REPLACE FUNCTION lw_timeline_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := lw_timeline_actor();
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.lead_id IS NOT NULL THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (NEW.lead_id, 'task', actor, jsonb_build_object('taskId', NEW.id, 'title', NEW.title, 'event', 'created'));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.lead_id IS NOT NULL AND lw_lead_exists(OLD.lead_id) THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (OLD.lead_id, 'task', actor, jsonb_build_object('taskId', OLD.id, 'title', OLD.title, 'event', 'deleted'));
    END IF;
  ELSIF NEW.lead_id IS DISTINCT FROM OLD.lead_id THEN
    IF OLD.lead_id IS NOT NULL AND lw_lead_exists(OLD.lead_id) THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (OLD.lead_id, 'task', actor, jsonb_build_object('taskId', NEW.id, 'title', NEW.title, 'event', 'unlinked'));
    END IF;
    IF NEW.lead_id IS NOT NULL THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (NEW.lead_id, 'task', actor, jsonb_build_object('taskId', NEW.id, 'title', NEW.title, 'event', 'linked'));
    END IF;
  ELSIF NEW.lead_id IS NOT NULL AND (NEW.status IS DISTINCT FROM OLD.status AND (NEW.status = 'completed' OR OLD.status = 'completed')
                                     OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id) THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'task', actor, jsonb_build_object(
        'taskId', NEW.id, 'title', NEW.title,
        'event', CASE WHEN NEW.status = 'completed' AND OLD.status <> 'completed' THEN 'completed'
                      WHEN OLD.status = 'completed' AND NEW.status <> 'completed' THEN 'reopened'
                      ELSE 'reassigned' END,
        'assigneeId', NEW.assignee_id, 'previousAssigneeId', OLD.assignee_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_timeline AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION lw_timeline_tasks();
--> statement-breakpoint
-- KPI syncs: the values the lead's figures now come from.
CREATE OR REPLACE FUNCTION lw_timeline_kpi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.ytd_revenue IS DISTINCT FROM OLD.ytd_revenue OR NEW.mrr IS DISTINCT FROM OLD.mrr OR NEW.top_products IS DISTINCT FROM OLD.top_products THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'kpi', lw_timeline_actor(), jsonb_build_object(
        'ytdRevenue', NEW.ytd_revenue, 'mrr', NEW.mrr,
        'previousYtdRevenue', CASE WHEN TG_OP = 'UPDATE' THEN OLD.ytd_revenue END,
        'previousMrr', CASE WHEN TG_OP = 'UPDATE' THEN OLD.mrr END,
        'topProducts', jsonb_array_length(NEW.top_products)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_metrics_timeline AFTER INSERT OR UPDATE ON kpi_metrics FOR EACH ROW EXECUTE FUNCTION lw_timeline_kpi();
--> statement-breakpoint
-- The partner who referred the lead, and the commission it earned (created, approved, paid, voided).
CREATE OR REPLACE FUNCTION lw_timeline_referral() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_timeline (lead_id, kind, actor, subject)
    SELECT NEW.lead_id, 'referral', lw_timeline_actor(),
           jsonb_build_object('referralId', NEW.id, 'affiliateId', a.id, 'affiliateName', a.name, 'affiliateCode', a.unique_code, 'source', NEW.source)
    FROM affiliates a WHERE a.id = NEW.affiliate_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER affiliate_referrals_timeline AFTER INSERT ON affiliate_referrals FOR EACH ROW EXECUTE FUNCTION lw_timeline_referral();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lw_timeline_commission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'commission', lw_timeline_actor(), jsonb_build_object(
        'commissionId', NEW.id, 'affiliateId', NEW.affiliate_id, 'amount', NEW.amount, 'status', NEW.status,
        'previousStatus', CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER affiliate_commissions_timeline AFTER INSERT OR UPDATE ON affiliate_commissions FOR EACH ROW EXECUTE FUNCTION lw_timeline_commission();
--> statement-breakpoint
-- Technical issues linked to the lead: linked, unlinked, and their status changes.
CREATE OR REPLACE FUNCTION lw_timeline_issue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := lw_timeline_actor();
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.lead_id IS NOT NULL THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (NEW.lead_id, 'issue', actor, jsonb_build_object('issueId', NEW.id, 'event', 'linked', 'status', NEW.status, 'description', left(NEW.description, 160)));
    END IF;
  ELSIF NEW.lead_id IS DISTINCT FROM OLD.lead_id THEN
    IF OLD.lead_id IS NOT NULL AND lw_lead_exists(OLD.lead_id) THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (OLD.lead_id, 'issue', actor, jsonb_build_object('issueId', NEW.id, 'event', 'unlinked', 'status', NEW.status, 'description', left(NEW.description, 160)));
    END IF;
    IF NEW.lead_id IS NOT NULL THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (NEW.lead_id, 'issue', actor, jsonb_build_object('issueId', NEW.id, 'event', 'linked', 'status', NEW.status, 'description', left(NEW.description, 160)));
    END IF;
  ELSIF NEW.lead_id IS NOT NULL AND NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'issue', actor, jsonb_build_object('issueId', NEW.id, 'event', 'status', 'status', NEW.status, 'previousStatus', OLD.status, 'description', left(NEW.description, 160)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER technical_issues_timeline AFTER INSERT OR UPDATE OF lead_id, status ON technical_issues FOR EACH ROW EXECUTE FUNCTION lw_timeline_issue();
--> statement-breakpoint
-- Automation runs whose event was about the lead, with their outcome.
CREATE OR REPLACE FUNCTION lw_timeline_automation_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_timeline (lead_id, kind, actor, subject)
    SELECT NEW.lead_id, 'automation', jsonb_build_object('kind', 'automation', 'workflowId', w.id, 'name', w.name),
           jsonb_build_object('runId', NEW.id, 'workflowId', w.id, 'workflowName', w.name, 'eventName', NEW.event_name, 'outcome', NEW.outcome)
    FROM automation_workflows w WHERE w.id = NEW.workflow_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER automation_runs_timeline AFTER INSERT ON automation_runs FOR EACH ROW WHEN (NEW.lead_id IS NOT NULL)
  EXECUTE FUNCTION lw_timeline_automation_run();
--> statement-breakpoint
-- Emails written to the lead from its page; the entry reads the message's delivery status when it is shown.
CREATE OR REPLACE FUNCTION lw_timeline_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_timeline (lead_id, kind, actor, subject)
    VALUES (NEW.lead_id, 'email', lw_timeline_actor(), jsonb_build_object('mailId', NEW.id, 'subject', NEW.subject, 'to', NEW.to_address));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_timeline AFTER INSERT ON mail_outbox FOR EACH ROW WHEN (NEW.lead_id IS NOT NULL)
  EXECUTE FUNCTION lw_timeline_email();
--> statement-breakpoint
-- NPS surveys: sent, and answered (the one-time link used).
CREATE OR REPLACE FUNCTION lw_timeline_survey() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'survey', lw_timeline_actor(), jsonb_build_object('invitationId', NEW.id, 'event', 'sent', 'email', NEW.email, 'campaignId', NEW.campaign_id));
  ELSIF OLD.used_at IS NULL AND NEW.used_at IS NOT NULL THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'survey', jsonb_build_object('kind', 'public'), jsonb_build_object('invitationId', NEW.id, 'event', 'answered', 'email', NEW.email, 'campaignId', NEW.campaign_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nps_invitations_timeline AFTER INSERT OR UPDATE OF used_at ON nps_invitations FOR EACH ROW EXECUTE FUNCTION lw_timeline_survey();
--> statement-breakpoint
-- Notes: added, edited, pinned or unpinned, deleted (the entry shows the note as it is now).
CREATE OR REPLACE FUNCTION lw_timeline_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject) VALUES (NEW.lead_id, 'note', lw_timeline_actor(), jsonb_build_object('noteId', NEW.id, 'event', 'added'));
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT lw_lead_exists(OLD.lead_id) THEN RETURN NULL; END IF;
    INSERT INTO lead_timeline (lead_id, kind, actor, subject) VALUES (OLD.lead_id, 'note', lw_timeline_actor(), jsonb_build_object('noteId', OLD.id, 'event', 'deleted'));
  ELSIF NEW.body IS DISTINCT FROM OLD.body THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject) VALUES (NEW.lead_id, 'note', lw_timeline_actor(), jsonb_build_object('noteId', NEW.id, 'event', 'edited'));
  ELSIF NEW.pinned IS DISTINCT FROM OLD.pinned THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (NEW.lead_id, 'note', lw_timeline_actor(), jsonb_build_object('noteId', NEW.id, 'event', CASE WHEN NEW.pinned THEN 'pinned' ELSE 'unpinned' END));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_notes_timeline AFTER INSERT OR UPDATE OR DELETE ON lead_notes FOR EACH ROW EXECUTE FUNCTION lw_timeline_note();
--> statement-breakpoint
-- Attachments: added once the last chunk is stored (an upload that fails never appears), deleted.
CREATE OR REPLACE FUNCTION lw_timeline_attachment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.complete AND NOT OLD.complete THEN
      INSERT INTO lead_timeline (lead_id, kind, actor, subject)
        VALUES (NEW.lead_id, 'attachment', lw_timeline_actor(), jsonb_build_object('attachmentId', NEW.id, 'event', 'added', 'fileName', NEW.file_name, 'sizeBytes', NEW.size_bytes, 'contentType', NEW.content_type));
    END IF;
  ELSIF OLD.complete AND lw_lead_exists(OLD.lead_id) THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      VALUES (OLD.lead_id, 'attachment', lw_timeline_actor(), jsonb_build_object('attachmentId', OLD.id, 'event', 'deleted', 'fileName', OLD.file_name, 'sizeBytes', OLD.size_bytes, 'contentType', OLD.content_type));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_attachments_timeline AFTER UPDATE OF complete OR DELETE ON lead_attachments FOR EACH ROW EXECUTE FUNCTION lw_timeline_attachment();
