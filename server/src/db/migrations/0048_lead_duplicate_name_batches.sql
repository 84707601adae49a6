-- The pairs job's similar-name step in batches (issue 26.4). At 1M leads its one statement (a trigram search of each of
-- 58,112 distinct business names and the owners' names) ran over 16 minutes, longer than a run may: it now runs as part
-- of the resumable walk, a batch of names per transaction with its own cursor, so a walk finishes over several runs.
-- The distinct names each kind searches, once each (an owner's name recurs in every company domain that has it): the
-- batches walk them by key, and each search uses its own kind's trigram index (GIN: a GiST index with the KNN <->
-- operator was 3 to 8 times slower per name on this data, measured).
CREATE TABLE "lead_duplicate_search_names" (
  "kind" char(1) NOT NULL CHECK ("kind" IN ('b', 'o')),
  "name" text NOT NULL,
  PRIMARY KEY ("kind", "name")
);--> statement-breakpoint
CREATE INDEX "lead_duplicate_search_names_b_idx" ON "lead_duplicate_search_names" USING gin ("name" gin_trgm_ops) WHERE "kind" = 'b';--> statement-breakpoint
CREATE INDEX "lead_duplicate_search_names_o_idx" ON "lead_duplicate_search_names" USING gin ("name" gin_trgm_ops) WHERE "kind" = 'o';--> statement-breakpoint
-- The per-domain lists are read by key only now.
DROP INDEX IF EXISTS "lead_duplicate_names_trgm_idx";--> statement-breakpoint
-- Similar names per kind, without the domain (the walk keeps an owner's to its lead's domain by key): rebuilt each walk.
DROP TABLE "lead_duplicate_similar_names";--> statement-breakpoint
CREATE TABLE "lead_duplicate_similar_names" (
  "kind" char(1) NOT NULL,
  "name" text NOT NULL,
  "other" text NOT NULL,
  "score" real NOT NULL,
  PRIMARY KEY ("kind", "name", "other")
);--> statement-breakpoint
-- Where the walk stands: 'names' while similar names are searched (after name_kind, name_cursor), then 'leads'
-- (after cursor_id). A walk started before this migration is started again.
ALTER TABLE "lead_duplicate_scan" ADD COLUMN "phase" text DEFAULT 'leads' NOT NULL CHECK ("phase" IN ('names', 'leads'));--> statement-breakpoint
ALTER TABLE "lead_duplicate_scan" ADD COLUMN "name_kind" char(1) DEFAULT 'b' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_duplicate_scan" ADD COLUMN "name_cursor" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "lead_duplicate_scan" SET "started_at" = NULL, "cursor_id" = 0 WHERE "finished_at" IS NULL OR "finished_at" < "started_at";
