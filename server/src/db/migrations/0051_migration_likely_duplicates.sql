-- An import marks each new lead whose phone number is already a lead's as a likely duplicate (issue 26.4): a line of
-- its report naming both leads, so they can be compared and merged, and a count beside imported, skipped and errors.
-- No foreign key, as for lead_id: a lead deleted later leaves the report as it was.
ALTER TABLE migration_errors ADD COLUMN imported_lead_id integer;
--> statement-breakpoint
ALTER TABLE migration_logs ADD COLUMN records_likely_duplicates integer NOT NULL DEFAULT 0;
