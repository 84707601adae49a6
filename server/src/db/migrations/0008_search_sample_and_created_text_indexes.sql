-- A search in creation order reads search_text from the creation-order index (no table visit per lead passed
-- over), and a partial trigram index over every eighth lead settles a capped match count (see leads.data.ts).
CREATE INDEX "leads_created_search_idx" ON "leads" USING btree ("created_at","id","search_text");--> statement-breakpoint
CREATE INDEX "leads_search_sample_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops) WHERE "leads"."id" % 8 = 0;--> statement-breakpoint
DROP INDEX "leads_created_idx";
