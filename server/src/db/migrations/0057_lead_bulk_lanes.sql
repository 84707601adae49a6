-- A bulk action's batches run in lanes (LEAD_BULK_LANES, 2 by default): lane k takes the batches at positions
-- k × size, (k + lanes) × size, … of the job's lead ids, each in its own transaction, so the two cores of a small
-- host update leads at once instead of one waiting on the other's single-core UPDATE. Each lane keeps where its next
-- batch starts (lane_next[k], a position in lead_ids), and the batch size is fixed when the job is stored, so the
-- stripes stay the same across restarts. A job stored before this had one cursor (the last lead id done): it goes on
-- as one lane from the position after that id.
ALTER TABLE lead_bulk_jobs ADD COLUMN batch_size integer NOT NULL DEFAULT 5000;
--> statement-breakpoint
ALTER TABLE lead_bulk_jobs ADD COLUMN lane_next integer[] NOT NULL DEFAULT '{0}';
--> statement-breakpoint
UPDATE lead_bulk_jobs SET lane_next = ARRAY[(SELECT count(*)::int FROM unnest(lead_ids) AS x WHERE x <= cursor)] WHERE cursor > 0;
--> statement-breakpoint
ALTER TABLE lead_bulk_jobs DROP COLUMN cursor;
