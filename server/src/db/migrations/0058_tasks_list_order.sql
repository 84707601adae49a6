-- Task Management lists the work still to do before the completed tasks (each part soonest due first, no due date
-- last, then oldest first): the index serves that order and its keyset pages.
DROP INDEX IF EXISTS tasks_due_order_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tasks_list_order_idx ON tasks USING btree ((status = 'completed'), coalesce(due_date, 'infinity'::date), id);
