-- Issue 26.5: a lead's assignee is a member of staff (assignee_id), not free text; assigned_to keeps the name the
-- screens and the export show. Who may see which leads (lead_access_settings) and how new leads from the public form,
-- the capture API and imports are assigned (lead_assignment_rules) are stored settings, read by every instance.
ALTER TABLE leads ADD COLUMN assignee_id integer REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
-- An agent's scope ("their own leads and unassigned ones") is (assignee_id = me OR assignee_id IS NULL): both halves
-- are served by this index, and the assignee filter by id too.
CREATE INDEX leads_assignee_idx ON leads (assignee_id, id);
--> statement-breakpoint
-- The timeline's field diff leaves assignee_id out: the assignment shows as assigned_to's names (before -> after), and
-- the trigger below keeps the two together. The rest is 0045's function as it was.
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
-- The member of staff a stored name or email stands for: the one person whose folded name or lower-cased email it is,
-- or null when nobody or several people match (the text is then kept as it is).
CREATE OR REPLACE FUNCTION lw_staff_matching(assignee text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) = 1 THEN min(id) END
  FROM users
  WHERE lw_fold(name) = lw_fold(assignee) OR lower(email) = lower(btrim(assignee))
$$;
--> statement-breakpoint
-- Stored names matched to staff where they can be; the rest stay text. (The diff above leaves assignee_id out, so this
-- writes no timeline entry.)
UPDATE leads SET assignee_id = m.user_id
FROM (SELECT DISTINCT assigned_to, lw_staff_matching(assigned_to) AS user_id FROM leads WHERE assigned_to IS NOT NULL) m
WHERE leads.assigned_to = m.assigned_to AND m.user_id IS NOT NULL;
--> statement-breakpoint
UPDATE leads SET assigned_to = u.name FROM users u WHERE u.id = leads.assignee_id AND leads.assigned_to IS DISTINCT FROM u.name;
--> statement-breakpoint
-- Every writer (a form, the API, a bulk assignment, an import, a merge, an automation) keeps the pair together: a new
-- assignee_id writes its name into assigned_to; a new assigned_to text is matched to staff (assignee_id, and the
-- person's name as stored) or kept as text with no assignee; clearing either clears both.
CREATE OR REPLACE FUNCTION lw_lead_assignee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_changed boolean := TG_OP = 'INSERT' OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id;
  text_changed boolean := TG_OP = 'INSERT' OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to;
BEGIN
  IF NEW.assignee_id IS NOT NULL AND id_changed THEN
    NEW.assigned_to := (SELECT name FROM users WHERE id = NEW.assignee_id);
  ELSIF NEW.assignee_id IS NULL AND id_changed AND NOT text_changed THEN
    NEW.assigned_to := NULL;
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
CREATE TRIGGER leads_assignee_insert BEFORE INSERT ON leads FOR EACH ROW
  WHEN (NEW.assignee_id IS NOT NULL OR NEW.assigned_to IS NOT NULL) EXECUTE FUNCTION lw_lead_assignee();
--> statement-breakpoint
CREATE TRIGGER leads_assignee_update BEFORE UPDATE OF assignee_id, assigned_to ON leads FOR EACH ROW
  WHEN (NEW.assignee_id IS DISTINCT FROM OLD.assignee_id OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to) EXECUTE FUNCTION lw_lead_assignee();
--> statement-breakpoint
-- Whether agents work on every lead or on their own and unassigned ones; managers, administrators and viewers always
-- see every lead (the leads.readAll permission). One row.
CREATE TABLE lead_access_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  agents varchar(10) NOT NULL DEFAULT 'all' CHECK (agents IN ('all', 'own')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL
);
--> statement-breakpoint
INSERT INTO lead_access_settings (id) VALUES (1);
--> statement-breakpoint
-- How a new lead from each source is assigned: to nobody, to one person, or in turn over chosen staff. `turns` counts
-- the leads handed out so far; a lead takes the next turn with one UPDATE … RETURNING, so turns stay fair under
-- concurrency and across instances.
CREATE TABLE lead_assignment_rules (
  source varchar(20) PRIMARY KEY CHECK (source IN ('form', 'api', 'import')),
  mode varchar(20) NOT NULL DEFAULT 'none' CHECK (mode IN ('none', 'one', 'roundRobin')),
  user_ids integer[] NOT NULL DEFAULT '{}',
  turns bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL
);
--> statement-breakpoint
INSERT INTO lead_assignment_rules (source) VALUES ('form'), ('api'), ('import');
