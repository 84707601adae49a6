-- A restricted agent's leads page and searches in creation order (issue 26.5) walk their own leads and the unassigned
-- ones as two ordered walks merged, each index holding only those leads with the search text beside them: a walk of
-- the whole creation order (leads_created_search_idx) passed over every other agent's leads too, about three and a
-- half times the entries for a page of a rare word's matches at 1M leads (bench l). The unassigned ones have an index
-- of their own: with assignee_id IS NULL, PostgreSQL 15 reads (assignee_id, created_at, ...) as not in creation order.
CREATE INDEX leads_assignee_created_search_idx ON leads (assignee_id, created_at, id, search_text);
--> statement-breakpoint
CREATE INDEX leads_unassigned_created_search_idx ON leads (created_at, id, search_text) WHERE assignee_id IS NULL;
