-- The duplicate pairs job's name lists (issue 26.4), rebuilt at the start of each walk over the leads. The form's check
-- finds one lead's similar business and owner names through the trigram indexes of leads; across the whole table that
-- is a trigram search per lead (0.4–2.4 s each at 200,000 leads, where many names share common words), far too slow
-- for a million. Instead each distinct folded name is listed once with the ids of its leads, and each one's similar
-- names are looked up once per walk, in this much smaller list (its own trigram index; same pg_trgm similarity and
-- thresholds): the walk then reads them by key.
-- kind 'b': a business name (lw_fold(business_name)); kind 'o': an owner's name (lw_fold(first || ' ' || last)) among
-- the leads of one company email domain (free-mail domains are not listed: they say nothing).
CREATE TABLE "lead_duplicate_names" (
  "kind" char(1) NOT NULL CHECK ("kind" IN ('b', 'o')),
  "domain" text NOT NULL DEFAULT '',
  "name" text NOT NULL,
  "lead_ids" integer[] NOT NULL,
  PRIMARY KEY ("kind", "domain", "name")
);--> statement-breakpoint
-- Each listed name with every similar name of its kind (and domain), itself included, and their similarity.
CREATE TABLE "lead_duplicate_similar_names" (
  "kind" char(1) NOT NULL,
  "domain" text NOT NULL,
  "name" text NOT NULL,
  "other" text NOT NULL,
  "score" real NOT NULL,
  PRIMARY KEY ("kind", "domain", "name", "other")
);
--> statement-breakpoint
CREATE INDEX "lead_duplicate_names_trgm_idx" ON "lead_duplicate_names" USING gin ("name" gin_trgm_ops);
