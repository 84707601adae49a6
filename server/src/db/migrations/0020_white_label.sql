CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(50) NOT NULL,
	"domain" varchar(253) NOT NULL,
	"logo_url" varchar(500),
	"color_scheme" jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_not_default" CHECK (lower("brands"."name") <> 'default'),
	CONSTRAINT "brands_domain_lower" CHECK ("brands"."domain" = lower("brands"."domain"))
);
--> statement-breakpoint
CREATE TABLE "industry_kpi_totals" (
	"industry" varchar(50) PRIMARY KEY NOT NULL,
	"ytd_sum" numeric(18, 2) DEFAULT '0' NOT NULL,
	"leads_with_kpi" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_domain_idx" ON "brands" USING btree ("domain");--> statement-breakpoint
-- Hand-written from here on. industry_kpi_totals follows kpi_metrics statement by statement (transition tables),
-- like kpi_totals (0002): a KPI row counts under its lead's industry at the time.
CREATE OR REPLACE FUNCTION lw_industry_kpi_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A KPI row deleted with its lead finds no lead here: lw_industry_kpi_lead_deleted took its share out already.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO industry_kpi_totals AS t (industry, ytd_sum, leads_with_kpi)
      SELECT coalesce(l.industry, ''), -sum(o.ytd_revenue), -count(*) FROM old_rows o JOIN leads l ON l.id = o.lead_id GROUP BY 1
      ON CONFLICT (industry) DO UPDATE SET ytd_sum = t.ytd_sum + excluded.ytd_sum, leads_with_kpi = t.leads_with_kpi + excluded.leads_with_kpi;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO industry_kpi_totals AS t (industry, ytd_sum, leads_with_kpi)
      SELECT coalesce(l.industry, ''), sum(n.ytd_revenue), count(*) FROM new_rows n JOIN leads l ON l.id = n.lead_id GROUP BY 1
      ON CONFLICT (industry) DO UPDATE SET ytd_sum = t.ytd_sum + excluded.ytd_sum, leads_with_kpi = t.leads_with_kpi + excluded.leads_with_kpi;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_industry_insert AFTER INSERT ON kpi_metrics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_industry_kpi_apply();
--> statement-breakpoint
CREATE TRIGGER kpi_industry_update AFTER UPDATE ON kpi_metrics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_industry_kpi_apply();
--> statement-breakpoint
CREATE TRIGGER kpi_industry_delete AFTER DELETE ON kpi_metrics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_industry_kpi_apply();
--> statement-breakpoint
-- A lead's KPI row goes with it (ON DELETE CASCADE), after the lead is gone: take its share out while the lead is
-- still there to say its industry.
CREATE OR REPLACE FUNCTION lw_industry_kpi_lead_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO industry_kpi_totals AS t (industry, ytd_sum, leads_with_kpi)
    SELECT coalesce(OLD.industry, ''), -k.ytd_revenue, -1 FROM kpi_metrics k WHERE k.lead_id = OLD.id
    ON CONFLICT (industry) DO UPDATE SET ytd_sum = t.ytd_sum + excluded.ytd_sum, leads_with_kpi = t.leads_with_kpi + excluded.leads_with_kpi;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_industry_kpi_delete BEFORE DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION lw_industry_kpi_lead_deleted();
--> statement-breakpoint
-- A lead moved to another industry takes its KPI revenue along.
CREATE OR REPLACE FUNCTION lw_industry_kpi_lead_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO industry_kpi_totals AS t (industry, ytd_sum, leads_with_kpi)
    SELECT industry, sum(ytd), sum(n) FROM (
      SELECT coalesce(o.industry, '') AS industry, -k.ytd_revenue AS ytd, -1 AS n
        FROM old_rows o JOIN new_rows nw ON nw.id = o.id JOIN kpi_metrics k ON k.lead_id = o.id
        WHERE o.industry IS DISTINCT FROM nw.industry
      UNION ALL
      SELECT coalesce(nw.industry, ''), k.ytd_revenue, 1
        FROM old_rows o JOIN new_rows nw ON nw.id = o.id JOIN kpi_metrics k ON k.lead_id = o.id
        WHERE o.industry IS DISTINCT FROM nw.industry
    ) moves GROUP BY 1
    ON CONFLICT (industry) DO UPDATE SET ytd_sum = t.ytd_sum + excluded.ytd_sum, leads_with_kpi = t.leads_with_kpi + excluded.leads_with_kpi;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_industry_kpi_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_industry_kpi_lead_moved();
--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger (seed-scale --reset empties leads, and with them kpi_metrics, that way).
CREATE OR REPLACE FUNCTION lw_industry_kpi_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM industry_kpi_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_industry_truncate AFTER TRUNCATE ON kpi_metrics
  FOR EACH STATEMENT EXECUTE FUNCTION lw_industry_kpi_truncate();
--> statement-breakpoint
INSERT INTO industry_kpi_totals (industry, ytd_sum, leads_with_kpi)
  SELECT coalesce(l.industry, ''), sum(k.ytd_revenue), count(*) FROM kpi_metrics k JOIN leads l ON l.id = k.lead_id GROUP BY 1;
