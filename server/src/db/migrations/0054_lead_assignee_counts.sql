-- Leads per assignee (issue 26.5): a restricted agent's list is their leads and the unassigned ones, and its count
-- read up to 1,001 index entries a request where an administrator's is one row of lead_counts (0002), which kept the
-- agent's first page at 0.6-0.8x the administrator's at 1M leads. Kept like the other counters, statement by
-- statement from the transition tables; the key is the assignee's user id, 0 for unassigned leads. The assignee filter
-- alone (a person, me, unassigned) is counted from here too, exactly.
CREATE TABLE lead_assignee_counts (
  assignee_key integer PRIMARY KEY,
  n integer NOT NULL
);
--> statement-breakpoint
INSERT INTO lead_assignee_counts (assignee_key, n)
  SELECT coalesce(assignee_id, 0), count(*) FROM leads GROUP BY 1;
--> statement-breakpoint
-- Upserts go in key order, so that two hand-overs in opposite directions lock the counter rows in the same order.
CREATE OR REPLACE FUNCTION lw_assignee_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_assignee_counts AS c (assignee_key, n)
      SELECT coalesce(assignee_id, 0), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (assignee_key) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_assignee_counts AS c (assignee_key, n)
      SELECT coalesce(assignee_id, 0), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (assignee_key) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Each side counted apart and netted, as lead_counts is (no join of the transition tables: PL/pgSQL would keep the
    -- plan of a connection's first update, a nested loop that costs n x n on a later bulk one; see 0045): a lead that
    -- kept its assignee nets to nothing and writes nothing.
    INSERT INTO lead_assignee_counts AS c (assignee_key, n)
      SELECT assignee_key, sum(delta) FROM (
        SELECT coalesce(assignee_id, 0) AS assignee_key, -1 AS delta FROM old_rows
        UNION ALL SELECT coalesce(assignee_id, 0), 1 FROM new_rows
      ) changes
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (assignee_key) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_assignee_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_assignee_counts_apply();
--> statement-breakpoint
-- Every update statement (a trigger with transition tables cannot name columns): one that leaves every assignee as
-- it was writes nothing here, its cost an aggregate of its own rows. A staff member's deletion sets their leads'
-- assignee_id to NULL through the foreign key, an update like any other.
CREATE TRIGGER leads_assignee_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_assignee_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_assignee_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_assignee_counts_apply();
--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger (seed-scale --reset empties leads that way): the counters empty with the table.
CREATE OR REPLACE FUNCTION lw_assignee_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_assignee_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_assignee_counts_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION lw_assignee_counts_truncate();
