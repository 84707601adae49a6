-- The statement-level triggers on leads that pair each old row with its new row (old_rows JOIN new_rows ON id) are
-- planned once per connection, at their first call, and PL/pgSQL keeps that plan (a statement without parameters
-- never gets a custom plan). When the first call changed one lead, or none, the plan is a nested loop over the two
-- transition tables, and a later statement changing n leads then compares n × n rows, rescanning a tuplestore that
-- has spilled to disk: 5,000 leads took over two minutes instead of a few seconds, and 100,000 never finished. Such
-- joins may use no nested loop here (the function's own setting, so it holds whatever the first call was): a hash
-- join costs the same for one lead and stays linear for a bulk change. Each lead's KPI row is still found through its
-- index, as a subquery, which a join setting does not touch. What the triggers write is unchanged.
CREATE OR REPLACE FUNCTION lw_pipeline_counts_apply() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off
SET enable_mergejoin = off
AS $$
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
-- A lead moved to another industry takes its KPI revenue along (the moved leads first, then each one's KPI row).
CREATE OR REPLACE FUNCTION lw_industry_kpi_lead_moved() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off
SET enable_mergejoin = off
AS $$
BEGIN
  INSERT INTO industry_kpi_totals AS t (industry, ytd_sum, leads_with_kpi)
    SELECT industry, sum(ytd), sum(n) FROM (
      SELECT m.from_industry AS industry, -m.ytd AS ytd, -1 AS n FROM (
        SELECT coalesce(o.industry, '') AS from_industry, coalesce(nw.industry, '') AS to_industry,
               (SELECT k.ytd_revenue FROM kpi_metrics k WHERE k.lead_id = o.id) AS ytd
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE o.industry IS DISTINCT FROM nw.industry
      ) m WHERE m.ytd IS NOT NULL
      UNION ALL
      SELECT m.to_industry, m.ytd, 1 FROM (
        SELECT coalesce(o.industry, '') AS from_industry, coalesce(nw.industry, '') AS to_industry,
               (SELECT k.ytd_revenue FROM kpi_metrics k WHERE k.lead_id = o.id) AS ytd
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE o.industry IS DISTINCT FROM nw.industry
      ) m WHERE m.ytd IS NOT NULL
    ) moves GROUP BY 1
    ON CONFLICT (industry) DO UPDATE SET ytd_sum = t.ytd_sum + excluded.ytd_sum, leads_with_kpi = t.leads_with_kpi + excluded.leads_with_kpi;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The timeline's field diff (0037), generated with the same setting: a later migration that rebuilds it keeps it.
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
      AND attname NOT IN ('id', 'created_at', 'updated_at');
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION lw_timeline_leads_update() RETURNS trigger LANGUAGE plpgsql
    SET enable_nestloop = off
    SET enable_mergejoin = off
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
