-- The live wake-up's range read as a static statement (0038 ran it through EXECUTE, which parses and plans it again on
-- every call): it runs once per statement that writes the outbox, the timeline or notifications, a lead update's two
-- of them among them. PL/pgSQL compiles a trigger function once per trigger, so the statement reads each trigger's own
-- new_rows and keeps its plan.
CREATE OR REPLACE FUNCTION lw_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lo bigint;
  hi bigint;
BEGIN
  SELECT min(id), max(id) INTO lo, hi FROM new_rows;
  IF lo IS NOT NULL THEN
    PERFORM pg_notify('leadwell_live', json_build_object(TG_ARGV[0], json_build_array(lo, hi))::text);
  END IF;
  RETURN NULL;
END
$$;
