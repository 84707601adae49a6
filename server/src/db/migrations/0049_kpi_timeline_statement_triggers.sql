-- A KPI record's timeline entry was written by a row-level trigger: one PL/pgSQL call, one INSERT into lead_timeline
-- and, through that table's statement trigger, one NOTIFY per KPI row. A CSV import writes a KPI record for most of
-- its leads (a million-row file: a million trigger calls, a large share of the import's time beside a plain COPY).
-- Statement-level triggers with transition tables write the same entries, with the same content and in the same order,
-- in one INSERT per statement. The update's pairing of old and new rows is a hash join whatever plan the connection
-- cached first (as in 0045).
CREATE OR REPLACE FUNCTION lw_timeline_kpi_rows() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off
SET enable_mergejoin = off
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      SELECT n.lead_id, 'kpi', lw_timeline_actor(), jsonb_build_object(
               'ytdRevenue', n.ytd_revenue, 'mrr', n.mrr,
               'previousYtdRevenue', NULL, 'previousMrr', NULL,
               'topProducts', jsonb_array_length(n.top_products))
      FROM new_rows n ORDER BY n.id;
  ELSE
    INSERT INTO lead_timeline (lead_id, kind, actor, subject)
      SELECT n.lead_id, 'kpi', lw_timeline_actor(), jsonb_build_object(
               'ytdRevenue', n.ytd_revenue, 'mrr', n.mrr,
               'previousYtdRevenue', o.ytd_revenue, 'previousMrr', o.mrr,
               'topProducts', jsonb_array_length(n.top_products))
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.ytd_revenue IS DISTINCT FROM o.ytd_revenue OR n.mrr IS DISTINCT FROM o.mrr OR n.top_products IS DISTINCT FROM o.top_products
      ORDER BY n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS kpi_metrics_timeline ON kpi_metrics;
--> statement-breakpoint
CREATE TRIGGER kpi_metrics_timeline_insert AFTER INSERT ON kpi_metrics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_timeline_kpi_rows();
--> statement-breakpoint
CREATE TRIGGER kpi_metrics_timeline_update AFTER UPDATE ON kpi_metrics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_timeline_kpi_rows();
