-- Live wake-ups (issue 25.6). Each statement that writes rows someone may be waiting on sends one NOTIFY on the
-- channel leadwell_live with the range of ids it wrote. PostgreSQL delivers a notification only when its transaction
-- commits (and drops it on rollback), to every instance LISTENing, in commit order: each instance then reads those
-- rows by id (the tables stay the record) to dispatch the outbox, wake a job worker or push to a browser's stream.
-- Payloads: {"o":[lo,hi]} event_outbox, {"t":[lo,hi]} lead_timeline, {"n":[lo,hi]} notifications.
CREATE OR REPLACE FUNCTION lw_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lo bigint;
  hi bigint;
BEGIN
  EXECUTE 'SELECT min(id), max(id) FROM new_rows' INTO lo, hi;
  IF lo IS NOT NULL THEN
    PERFORM pg_notify('leadwell_live', json_build_object(TG_ARGV[0], json_build_array(lo, hi))::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_outbox_live AFTER INSERT ON event_outbox REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_live_notify('o');
--> statement-breakpoint
CREATE TRIGGER lead_timeline_live AFTER INSERT ON lead_timeline REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_live_notify('t');
--> statement-breakpoint
CREATE TRIGGER notifications_live AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_live_notify('n');
