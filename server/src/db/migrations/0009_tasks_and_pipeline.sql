CREATE TABLE "pipeline_stage_counts" (
	"stage_key" varchar(50) PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(50) NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_reminders" (
	"task_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminders_task_id_day_pk" PRIMARY KEY("task_id","day")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"description" text,
	"due_date" date,
	"priority" varchar(20) DEFAULT 'medium' NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"recurrence" varchar(20),
	"lead_id" integer,
	"issue_id" integer,
	"assignee_id" integer,
	"recurred_from_id" integer,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" IN ('low', 'medium', 'high')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" IN ('open', 'in_progress', 'completed')),
	CONSTRAINT "tasks_recurrence_check" CHECK ("tasks"."recurrence" IN ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_issue_id_technical_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."technical_issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_recurred_from_id_tasks_id_fk" FOREIGN KEY ("recurred_from_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_name_lower_idx" ON "pipeline_stages" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pipeline_stages_position_idx" ON "pipeline_stages" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "task_reminders_day_idx" ON "task_reminders" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tasks_due_order_idx" ON "tasks" USING btree (coalesce("due_date", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "tasks_lead_idx" ON "tasks" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "tasks_issue_idx" ON "tasks" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "tasks_active_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" <> 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_recurred_from_idx" ON "tasks" USING btree ("recurred_from_id");--> statement-breakpoint
-- Written by hand from here on. A lead's pipeline stage is its stage's name; no stage counts as 'New'
-- (DEFAULT_PIPELINE_STAGE in contract/leads.ts), and names match in any letter case. lw_stage_key is that rule,
-- in one place for the counters, the per-stage index and the queries.
CREATE OR REPLACE FUNCTION lw_stage_key(stage text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(coalesce(stage, 'New')) $$;
--> statement-breakpoint
-- A stage's newest leads (stage cards, board columns) without scanning the leads of other stages.
-- Not declared in schema/leads.ts: drizzle-kit cannot express an index over a function of this migration.
CREATE INDEX "leads_stage_created_idx" ON "leads" USING btree (lw_stage_key("pipeline_stage"), "created_at", "id");
--> statement-breakpoint
INSERT INTO pipeline_stage_counts (stage_key, n)
  SELECT lw_stage_key(pipeline_stage), count(*) FROM leads GROUP BY 1;
--> statement-breakpoint
-- Counters follow the leads table statement by statement (transition tables), like lead_counts (0002): a bulk load
-- costs one aggregate, and moving one lead two tiny upserts. Upserts go in key order so that two moves in opposite
-- directions lock the counter rows in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION lw_pipeline_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pipeline_stage_counts AS c (stage_key, n)
      SELECT lw_stage_key(pipeline_stage), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (stage_key) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO pipeline_stage_counts AS c (stage_key, n)
      SELECT lw_stage_key(pipeline_stage), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (stage_key) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Only leads whose stage changed: most updates touch other fields and write nothing here.
    INSERT INTO pipeline_stage_counts AS c (stage_key, n)
      SELECT stage_key, sum(delta) FROM (
        SELECT lw_stage_key(o.pipeline_stage) AS stage_key, -1 AS delta, lw_stage_key(n.pipeline_stage) AS other_key
          FROM old_rows o JOIN new_rows n ON n.id = o.id
        UNION ALL
        SELECT lw_stage_key(n.pipeline_stage), 1, lw_stage_key(o.pipeline_stage)
          FROM old_rows o JOIN new_rows n ON n.id = o.id
      ) changes
      WHERE stage_key <> other_key
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (stage_key) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_pipeline_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_pipeline_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_pipeline_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_pipeline_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_pipeline_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_pipeline_counts_apply();
--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger (seed-scale --reset empties leads that way): the counters empty with the table.
CREATE OR REPLACE FUNCTION lw_pipeline_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pipeline_stage_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_pipeline_counts_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION lw_pipeline_counts_truncate();
