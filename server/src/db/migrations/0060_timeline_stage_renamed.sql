-- A stage renamed (PUT /api/pipeline-stages/{id}, migration 0059) gives each of its leads a timeline entry of kind
-- 'stage' like a move, so the entry says which it was: its subject is {"event": "renamed"} when the rename's
-- transaction set leadwell.stage_rename, and the lead page reads "renamed the lead's stage" instead of "moved". The
-- builder is 0056's otherwise (the field diff generated from the leads table's columns, without JIT).
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
      INSERT INTO lead_timeline (lead_id, kind, actor, changes, subject)
        SELECT d.id, CASE WHEN d.stage THEN 'stage' WHEN d.assignee THEN 'assignment' ELSE 'changed' END, lw_timeline_actor(), to_jsonb(d.changes),
               CASE WHEN d.stage AND current_setting('leadwell.stage_rename', true) = 'on' THEN '{"event": "renamed"}'::jsonb END
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
