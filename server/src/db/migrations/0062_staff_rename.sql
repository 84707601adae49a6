-- A staff member renamed (PUT /api/enterprise/users/{id}/name) gives each of their leads the new name in assigned_to.
--
-- 1. lw_lead_assignee (0047) matched any new assigned_to text to staff again. The rename writes the assignee's own new
--    name, which could match nobody or several people with that name, and the lead would lose its assignee. A text that
--    is the lead's assignee's current name now keeps the assignee; otherwise the function is 0047's.
CREATE OR REPLACE FUNCTION lw_lead_assignee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_changed boolean := TG_OP = 'INSERT' OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id;
  text_changed boolean := TG_OP = 'INSERT' OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to;
BEGIN
  IF NEW.assignee_id IS NOT NULL AND id_changed THEN
    NEW.assigned_to := (SELECT name FROM users WHERE id = NEW.assignee_id);
  ELSIF NEW.assignee_id IS NULL AND id_changed AND NOT text_changed THEN
    NEW.assigned_to := NULL;
  ELSIF text_changed AND NEW.assignee_id IS NOT NULL AND NEW.assigned_to = (SELECT name FROM users WHERE id = NEW.assignee_id) THEN
    RETURN NEW;
  ELSIF text_changed AND NULLIF(btrim(NEW.assigned_to), '') IS NOT NULL THEN
    NEW.assignee_id := lw_staff_matching(NEW.assigned_to);
    IF NEW.assignee_id IS NOT NULL THEN
      NEW.assigned_to := (SELECT name FROM users WHERE id = NEW.assignee_id);
    END IF;
  ELSIF text_changed THEN
    NEW.assignee_id := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- 2. The lead's timeline entry of kind 'assignment' says which it was: the same person under a new name has the
--    subject {"event": "renamed"}, and the lead page reads "renamed the lead's assignee" instead of "assigned". The
--    builder is 0060's otherwise.
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
               CASE WHEN d.stage AND current_setting('leadwell.stage_rename', true) = 'on' THEN '{"event": "renamed"}'::jsonb
                    WHEN NOT d.stage AND d.assignee AND d.same_person THEN '{"event": "renamed"}'::jsonb END
        FROM (
          SELECT n.id,
                 array_remove(ARRAY[
            %s
                 ]::jsonb[], NULL) AS changes,
                 n.pipeline_stage IS DISTINCT FROM o.pipeline_stage AS stage,
                 n.assigned_to IS DISTINCT FROM o.assigned_to AS assignee,
                 n.assignee_id IS NOT NULL AND n.assignee_id = o.assignee_id AS same_person
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
