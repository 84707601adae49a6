-- Saved views of the leads table (issue 26.2): a person's named filters, sort and columns, personal or shared with
-- everyone; names are unique per owner in any letter case.
CREATE TABLE "lead_views" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" varchar(60) NOT NULL,
  "shared" boolean NOT NULL DEFAULT false,
  "query" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "sort" varchar(30) NOT NULL,
  "dir" varchar(4) NOT NULL,
  "columns" text[] NOT NULL,
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "lead_views_dir_check" CHECK ("dir" IN ('asc', 'desc'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_views_owner_name_idx" ON "lead_views" USING btree ("owner_id", lower("name"));
--> statement-breakpoint
CREATE INDEX "lead_views_shared_idx" ON "lead_views" USING btree ("shared") WHERE "shared";
--> statement-breakpoint
-- Each person's default view (their own or a shared one); it goes with the view.
CREATE TABLE "lead_view_defaults" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "view_id" integer NOT NULL REFERENCES "lead_views"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "lead_view_defaults_view_idx" ON "lead_view_defaults" USING btree ("view_id");
