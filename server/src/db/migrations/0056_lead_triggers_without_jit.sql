-- A bulk change of leads runs in statements of 5,000 leads (LEAD_BULK_BATCH_SIZE), and each statement fires the
-- statement-level triggers once over its transition tables. The planner cannot see into those tables' join, guesses a
-- hundred thousand rows for it, and so compiled the industry trigger's query with JIT on every batch: 220-270 ms of
-- LLVM work for a query that then ran for 15 ms, about a fifth of each batch (bench j at 1M leads). The bookkeeping
-- triggers that join the transition tables now run without JIT; what they write is unchanged.
--
-- The industry trigger also looks up the KPI row only of leads whose industry changed (it looked up every changed
-- lead's first, then dropped those that kept their industry).
CREATE OR REPLACE FUNCTION lw_industry_kpi_lead_moved() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off
SET enable_mergejoin = off
SET jit = off
AS $$
BEGIN
  INSERT INTO industry_kpi_totals AS t (industry, ytd_sum, leads_with_kpi)
    WITH moved AS MATERIALIZED (
      SELECT o.id, coalesce(o.industry, '') AS from_industry, coalesce(nw.industry, '') AS to_industry
        FROM old_rows o JOIN new_rows nw ON nw.id = o.id
        WHERE o.industry IS DISTINCT FROM nw.industry
    ), valued AS MATERIALIZED (
      SELECT m.from_industry, m.to_industry, (SELECT k.ytd_revenue FROM kpi_metrics k WHERE k.lead_id = m.id) AS ytd
        FROM moved m
    )
    SELECT industry, sum(ytd), sum(n) FROM (
      SELECT from_industry AS industry, -ytd AS ytd, -1 AS n FROM valued WHERE ytd IS NOT NULL
      UNION ALL
      SELECT to_industry, ytd, 1 FROM valued WHERE ytd IS NOT NULL
    ) moves GROUP BY 1 ORDER BY 1
    ON CONFLICT (industry) DO UPDATE SET ytd_sum = t.ytd_sum + excluded.ytd_sum, leads_with_kpi = t.leads_with_kpi + excluded.leads_with_kpi;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER FUNCTION lw_pipeline_counts_apply() SET jit = off;
--> statement-breakpoint
-- The timeline's field diff (0047's builder), its generated function without JIT as well; a later migration that
-- rebuilds it keeps the setting.
CREATE OR REPLACE FUNCTION lw_timeline_build_leads_update() RETURNS void LANGUAGE plpgsql AS $build$
DECLARE
  checks text;
BEGIN
  SELECT string_agg(
           format('CASE WHEN n.%1$I IS DISTINCT FROM o.%1$I THEN jsonb_build_object(''field'', %1$L, ''from'', to_jsonb(o.%1$I), ''to'', to_jsonb(n.%1$I)) END', attname),
           E',\n            ' ORDER BY attname)
    INTO checks
    FROM pg_attribute
    WHERE attrelid = 'leads'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      AND attname NOT IN ('id', 'created_at', 'updated_at', 'assignee_id');
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION lw_timeline_leads_update() RETURNS trigger LANGUAGE plpgsql
    SET enable_nestloop = off
    SET enable_mergejoin = off
    SET jit = off
    AS $body$
    BEGIN
      INSERT INTO lead_timeline (lead_id, kind, actor, changes)
        SELECT d.id, CASE WHEN d.stage THEN 'stage' WHEN d.assignee THEN 'assignment' ELSE 'changed' END, lw_timeline_actor(), to_jsonb(d.changes)
        FROM (
          SELECT n.id,
                 array_remove(ARRAY[
            %s
                 ]::jsonb[], NULL) AS changes,
                 n.pipeline_stage IS DISTINCT FROM o.pipeline_stage AS stage,
                 n.assigned_to IS DISTINCT FROM o.assigned_to AS assignee
          FROM new_rows n JOIN old_rows o ON o.id = n.id
        ) d
        WHERE cardinality(d.changes) > 0
        ORDER BY d.id;
      RETURN NULL;
    END $body$
  $f$, checks);
END $build$;
--> statement-breakpoint
SELECT lw_timeline_build_leads_update();
--> statement-breakpoint
-- The status counters upserted in key order (0002 left it to the aggregate's hash order), as the stage, assignee and
-- industry counters are: two transactions changing leads at once (a bulk action's lanes, or two staff members)
-- lock the counter rows they share in the same order, so neither can deadlock on the other.
CREATE OR REPLACE FUNCTION lw_lead_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_counts AS c (status, industry, n)
      SELECT status, coalesce(industry, ''), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, industry) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO lead_daily_counts AS d (day, industry, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(industry, ''), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, industry) DO UPDATE SET n = d.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_counts AS c (status, industry, n)
      SELECT status, coalesce(industry, ''), -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, industry) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO lead_daily_counts AS d (day, industry, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(industry, ''), -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, industry) DO UPDATE SET n = d.n + excluded.n;
  ELSE
    INSERT INTO lead_counts AS c (status, industry, n)
      SELECT status, industry, sum(delta) FROM (
        SELECT status, coalesce(industry, '') AS industry, -1 AS delta FROM old_rows
        UNION ALL SELECT status, coalesce(industry, ''), 1 FROM new_rows
      ) changes GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, industry) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO lead_daily_counts AS d (day, industry, n)
      SELECT day, industry, sum(delta) FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(industry, '') AS industry, -1 AS delta FROM old_rows
        UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(industry, ''), 1 FROM new_rows
      ) changes GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (day, industry) DO UPDATE SET n = d.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
