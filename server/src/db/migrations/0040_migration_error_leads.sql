-- An import's report names the existing lead a skipped row matched (its email), so the report links to the lead page
-- (issue 25). No foreign key and no index: reports are read by migration and row, and deleting a lead never scans them.
ALTER TABLE "migration_errors" ADD COLUMN "lead_id" integer;
