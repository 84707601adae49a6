-- The global search and the command palette (issue 25.7) find tasks and knowledge articles by title, folded as every
-- other group is (lw_fold) and matched anywhere with LIKE '%…%': a trigram index on the folded title serves a search
-- of three characters or more. The expression must stay the one the search's SQL tests (titleGroupSql in
-- server/src/modules/search/search.data.ts). Hand-written and not declared in the schema, like
-- knowledge_articles_search_idx (0028): a family table's declaration has no place for an expression index, and so the
-- snapshot is 0038's unchanged.
CREATE INDEX IF NOT EXISTS "tasks_title_trgm_idx" ON "tasks" USING gin (lw_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "knowledge_articles_title_trgm_idx" ON "knowledge_articles" USING gin (lw_fold("title") gin_trgm_ops);
